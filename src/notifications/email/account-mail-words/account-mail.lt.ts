/** The account mails' words in Lithuanian (ICU MessageFormat by key; docs/email.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'email-verification.title': 'Patvirtinkite savo el. pašto adresą Nardams',
  'email-verification.body':
    'Paspauskite šią nuorodą ir patvirtinkite, kad šis adresas jūsų; ji veikia vieną kartą, 24 valandas.',
  'email-changed.title': 'Jūsų Nardai paskyros el. pašto adresas pakeistas',
  'email-changed.body':
    'Šis adresas nebėra jūsų Nardai paskyros el. pašto adresas: paskyrai patvirtintas kitas adresas. Jei to nedarėte, atkurkite slaptažodį ir grąžinkite ankstesnį adresą.',
  'password-reset.title': 'Atkurkite savo Nardai slaptažodį',
  'password-reset.body':
    'Kažkas (tikimės, jūs) paprašė atkurti jūsų Nardai paskyros slaptažodį. Paspauskite šią nuorodą ir pasirinkite naują; ji veikia vieną kartą, vieną valandą. Jei to neprašėte, nepaisykite šio laiško: slaptažodis lieka tas pats.',
  'password-changed.title': 'Jūsų Nardai slaptažodis pakeistas',
  'password-changed.body':
    'Jūsų Nardai paskyros slaptažodis atkurtas nuoroda, išsiųsta šiuo adresu, ir visi ankstesni prisijungimai baigti. Jei to nedarėte, nedelsdami atkurkite jį dar kartą.',
  'webhook-disabled.title': 'Vienas jūsų webhook išjungtas',
  'webhook-disabled.body':
    'Pristatymai jūsų webhook {webhook} nepavyksta jau 3 dienas, todėl jis išjungtas: jam daugiau nieko nesiunčiama. Užregistruokite jį iš naujo, kai jis vėl atsakys.',
  'moderation-warn.title': 'Nardų moderatorius jus įspėjo',
  'moderation-warn.body':
    'Nardų moderatorius jus įspėjo: {reason}. Laikykitės taisyklių; kiti pažeidimai gali baigtis nutildymu arba užblokavimu.',
  'moderation-mute.title': 'Jūsų Nardų paskyra nutildyta',
  'moderation-mute.body':
    'Nardų moderatorius nutildė jūsų paskyrą: negalite rašyti žinučių rungtynėse, kol nutildymas bus atšauktas. Priežastis: {reason}',
  'moderation-mute-timed.title': 'Jūsų Nardų paskyra nutildyta',
  'moderation-mute-timed.body':
    'Nardų moderatorius nutildė jūsų paskyrą: negalite rašyti žinučių rungtynėse iki {until}. Priežastis: {reason}',
  'moderation-ban.title': 'Jūsų Nardų paskyra užblokuota',
  'moderation-ban.body':
    'Nardų moderatorius užblokavo jūsų paskyrą iki atskiro sprendimo: prisijungti negalite, jūsų atviri iššūkiai atšaukti, o vykstančios rungtynės užskaitytos kaip pralaimėtos. Priežastis: {reason}',
  'moderation-ban-timed.title': 'Jūsų Nardų paskyra užblokuota',
  'moderation-ban-timed.body':
    'Nardų moderatorius užblokavo jūsų paskyrą iki {until}: iki tol prisijungti negalite, jūsų atviri iššūkiai atšaukti, o vykstančios rungtynės užskaitytos kaip pralaimėtos. Priežastis: {reason}',
  'moderation-rename.title': 'Turite pakeisti savo Nardų vardą',
  'moderation-rename.body':
    'Nardų moderatorius atėmė iš jūsų paskyros vardą {from}: jis lieka rezervuotas. Prisijunkite su juo kaip anksčiau ir pasirinkite naują vardą. Priežastis: {reason}',
};

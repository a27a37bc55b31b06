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
};

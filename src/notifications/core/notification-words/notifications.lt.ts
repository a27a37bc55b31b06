/** The notifications' words in Lithuanian (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'match.name':
    '{variant, select, backgammon {Nardai} other {Ilgieji nardai}}, {length, plural, =0 {žaidimas už statymą} one {rungtynės iki # taško} few {rungtynės iki # taškų} many {rungtynės iki # taško} other {rungtynės iki # taškų}}',
  'opponent.unknown': 'jūsų varžovas',
  'task.roll': 'Jūsų metimas.',
  'task.cubeResponse': '{opponent} siūlo padvigubinti statymą: priimti ar atsisakyti?',
  'task.resignationResponse': '{opponent} atsistatydina: priimti ar atmesti?',
  'task.play': 'Jūsų ėjimas.',
  'invitation.title': '{from} kviečia jus žaisti',
  'invitation.body':
    '{match}, {days, plural, =0 {be laiko kontrolės} one {# diena vienai eilei} few {# dienos vienai eilei} many {# dienos vienai eilei} other {# dienų vienai eilei}}.',
  'turn.title': 'Jūsų eilė: {opponent} laukia',
  'turn.body': '{task} {match}, rezultatas {mine}:{theirs}.',
  'finished.title': '{won, select, yes {{opponent} jums pralaimėjo} other {{opponent} jus įveikė}}',
  'finished.body':
    '{match}: baigta{how, select, timeout { dėl laiko} leave { (vienas žaidėjas pasitraukė)} other {}}, rezultatas {mine}:{theirs}.',
  'deadline.title': '{opponent} laukia jūsų ėjimo: liko apie {hours} val.',
  'deadline.body': '{task} {match}: laikas baigiasi {deadline} UTC.',
  'tournament.open.title': 'Prasidėjo registracija į turnyrą „{tournament}“',
  'tournament.open.body':
    '{organiser} rengia {format, select, knockout {atkrintamųjų varžybų} other {ratų sistemos}} {variant, select, backgammon {nardų} other {ilgųjų nardų}} turnyrą, {players, plural, one {iki # žaidėjo} few {iki # žaidėjų} many {iki # žaidėjo} other {iki # žaidėjų}}, {limits, select, both {reitingas nuo {min} iki {max}} min {reitingas nuo {min}} max {reitingas iki {max}} other {be reitingo apribojimų}}.',
  'tournament.ready.title':
    '{final, select, yes {Jūsų finalas su {opponent} paruoštas} other {Jūsų {round}-ojo rato rungtynės su {opponent} paruoštos}}',
  'tournament.ready.body':
    '{tournament}: {match}, {days, plural, =0 {be laiko kontrolės} one {# diena vienai eilei} few {# dienos vienai eilei} many {# dienos vienai eilei} other {# dienų vienai eilei}}. Sėkmės!',
  'tournament.advanced.title': '{final, select, yes {Patekote į finalą} other {Patekote į {round}-ąjį ratą}}',
  'tournament.advanced.body':
    '{tournament}: {by, select, bye {{from}-ąjį ratą praeinate be rungtynių.} walkover {jūsų {from}-ojo rato varžovas pasitraukė, jums įskaityta techninė pergalė.} other {laimėjote {from}-ojo rato rungtynes prieš {opponent}.}}',
  'tournament.finished.title':
    '{outcome, select, won {Laimėjote turnyrą „{tournament}“} champion {Turnyras „{tournament}“ baigėsi, nugalėtojas: {champion}} other {Turnyras „{tournament}“ baigėsi}}',
  'tournament.finished.body': 'Jūsų vieta: {rank} iš {players}.',
  'mail.code': 'Arba įveskite šį kodą: {code}',
  'mail.footer.account':
    'Šį laišką gavote dėl pakeitimo jūsų Nardai paskyroje. Jei to neprašėte, tiesiog jo nepaisykite.',
  'mail.footer.match': 'Kokius laiškus jums siunčia Nardai, galite pakeisti pranešimų nustatymuose.',
  'digest.title':
    'Jūsų Nardai santrauka: {count, plural, one {# naujiena} few {# naujienos} many {# naujienos} other {# naujienų}}',
  'digest.body': 'Kas nutiko jūsų rungtynėse ir turnyruose nuo paskutinės santraukos:',
  'message.title': '{from} jums parašė',
  'message.body': '„{text}“ ({match})',
};

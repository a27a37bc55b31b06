/** The notifications' words in English (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'match.name':
    '{variant, select, backgammon {Backgammon} other {Long nardy}}, {length, plural, =0 {money session} other {#-point match}}',
  'opponent.unknown': 'your opponent',
  'task.roll': 'It is your roll.',
  'task.cubeResponse': '{opponent} doubles: take or pass?',
  'task.resignationResponse': '{opponent} offers to resign: accept or refuse?',
  'task.play': 'It is your move.',
  'invitation.title': '{from} invites you to play',
  'invitation.body': '{match}, {days, plural, =0 {no clock} other {# days per move}}.',
  'turn.title': 'Your turn against {opponent}',
  'turn.body': '{task} {match}, score {mine}-{theirs}.',
  'finished.title': '{won, select, yes {You won} other {You lost}} against {opponent}',
  'finished.body':
    '{match} finished{how, select, timeout { on time} leave { (a player left)} other {}}, {mine}-{theirs}.',
  'deadline.title': 'About {hours} h left to move against {opponent}',
  'deadline.body': '{task} {match}: the time runs out at {deadline} UTC.',
  'tournament.open.title': 'Entries are open: {tournament}',
  'tournament.open.body':
    '{organiser} organises a {format, select, knockout {knock-out} other {round-robin}} of {variant, select, backgammon {backgammon} other {long nardy}} for up to {players} players, {limits, select, both {ratings {min} to {max}} min {ratings from {min}} max {ratings up to {max}} other {open to every rating}}.',
  'tournament.ready.title':
    '{final, select, yes {Your final} other {Your round {round} match}} against {opponent} is ready',
  'tournament.ready.body': '{tournament}: {match}, {days, plural, =0 {no clock} other {# days per move}}. Good luck!',
  'tournament.advanced.title':
    '{final, select, yes {You are through to the final} other {You are through to round {round}}}',
  'tournament.advanced.body':
    '{tournament}: {by, select, bye {a bye takes you through round {from}.} walkover {your round {from} opponent withdrew: a walkover.} other {you won your round {from} match against {opponent}.}}',
  'tournament.finished.title':
    '{outcome, select, won {You won {tournament}} champion {{tournament} is over: {champion} won} other {{tournament} is over}}',
  'tournament.finished.body': 'Your place: {rank} of {players}.',
  'mail.code': 'Or enter this code: {code}',
  'mail.footer.account':
    'You get this mail because of a change to your Nardy account. If you did not ask for it, ignore it.',
  'mail.footer.match': 'You can change which mail Nardy sends you in your notification settings.',
  'digest.title': 'Your Nardy digest: {count, plural, one {# update} other {# updates}}',
  'digest.body': 'What happened in your matches and tournaments since the last digest:',
  'message.title': '{from} wrote to you',
  'message.body': '“{text}” ({match})',
};

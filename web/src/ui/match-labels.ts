/**
 * A match summary in words, from one player's side (the viewer: the signed-in person, or the
 * player whose page it is): who they face, the score, the status and what the match waits for.
 * Usernames compare regardless of case, as the server compares them.
 */
import type { Colour, MatchSummary, Variant } from '../api/client.js';
import { t } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';

type Player = NonNullable<MatchSummary['players']['white']>;

export const sameUsername = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();

export const otherColour = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

const VARIANTS: Readonly<Record<Variant, MessageKey>> = {
  backgammon: 'ui.variant.backgammon',
  'long-nardy': 'ui.variant.longNardy',
};

export function variantName(variant: Variant): string {
  return t(VARIANTS[variant]);
}

/** "5 points", "1 point", or "money session" for length 0. */
export function lengthText(length: number): string {
  return t('ui.match.length', { length });
}

/** "Backgammon, 5 points", "Long nardy, money session". */
export function matchKind(match: Pick<MatchSummary, 'variant' | 'length'>): string {
  return t('ui.match.kind', { variant: variantName(match.variant), length: lengthText(match.length) });
}

const COLOURS: Readonly<Record<Colour, MessageKey>> = { white: 'ui.colour.white', black: 'ui.colour.black' };

/** A colour's name ("white"), for a seat nobody's name can stand for. */
export function colourName(colour: Colour): string {
  return t(COLOURS[colour]);
}

/** The viewer's seat, or null when they are not seated. */
export function seatOf(match: MatchSummary, viewer: string | null): Colour | null {
  if (sameUsername(match.players.white?.username, viewer)) return 'white';
  if (sameUsername(match.players.black?.username, viewer)) return 'black';
  return null;
}

/**
 * Whom the viewer faces: the player in the other seat, else the player invited; null for an open
 * challenge nobody has joined. For a viewer who is not in the match, the player seated first.
 */
export function opponentOf(match: MatchSummary, viewer: string | null): Player | null {
  const seat = seatOf(match, viewer);
  if (seat === null) return match.players.white ?? match.players.black;
  const other = match.players[otherColour(seat)];
  if (other !== null) return other;
  return match.opponent === null ? null : { username: match.opponent, bot: false };
}

/** The score as "mine–theirs" from the viewer's seat, else "white–black". */
export function scoreText(match: MatchSummary, viewer: string | null): string {
  const seat = seatOf(match, viewer) ?? 'white';
  return `${match.score[seat]}–${match.score[otherColour(seat)]}`;
}

/** How the viewer stands to a match waiting for its second player, if it is. */
export type InvitationRole = 'invited' | 'creator' | 'open' | null;

export function invitationRole(match: MatchSummary, viewer: string | null): InvitationRole {
  if (match.status !== 'invited') return null;
  if (viewer !== null && sameUsername(match.opponent, viewer)) return 'invited';
  if (seatOf(match, viewer) !== null) return 'creator';
  return match.opponent === null ? 'open' : null;
}

type Reason = NonNullable<MatchSummary['result']>['reason'];

/** A finished match's result by how it ended: for the viewer who won, who lost, and for anyone else (`{player}` won). */
const WON: Readonly<Record<Reason, MessageKey>> = {
  points: 'ui.status.won',
  timeout: 'ui.status.wonOnTime',
  leave: 'ui.status.wonByForfeit',
};
const LOST: Readonly<Record<Reason, MessageKey>> = {
  points: 'ui.status.lost',
  timeout: 'ui.status.lostOnTime',
  leave: 'ui.status.lostByForfeit',
};
const WON_BY: Readonly<Record<Reason, MessageKey>> = {
  points: 'ui.status.playerWon',
  timeout: 'ui.status.playerWonOnTime',
  leave: 'ui.status.playerWonByForfeit',
};

/** "Invitation to you", "Playing", "Won on time", "Declined"… as the viewer sees it. */
export function statusText(match: MatchSummary, viewer: string | null): string {
  switch (match.status) {
    case 'invited': {
      const role = invitationRole(match, viewer);
      if (role === 'invited') return t('ui.status.invitationToYou');
      if (match.opponent === null) return t('ui.status.openChallenge');
      return role === 'creator' ? t('ui.status.invitationSent') : t('ui.status.invitation');
    }
    case 'playing':
      return t('ui.status.playing');
    case 'finished': {
      const result = match.result;
      if (result === null) return t('ui.status.finished');
      if (result.winner === null) return t('ui.status.finishedEven');
      const seat = seatOf(match, viewer);
      if (seat !== null) return t((result.winner === seat ? WON : LOST)[result.reason]);
      const player = match.players[result.winner]?.username ?? colourName(result.winner);
      return t(WON_BY[result.reason], { player });
    }
    case 'aborted':
      return t('ui.status.withdrawn');
    case 'declined':
      return t('ui.status.declined');
  }
}

type Awaiting = NonNullable<MatchSummary['turn']['awaiting']>;

/** What a match waits for: from nobody in particular, from the viewer, from another player (`{player}`). */
const AWAITED: Readonly<Record<Awaiting, MessageKey>> = {
  roll: 'ui.awaited.roll',
  play: 'ui.awaited.play',
  'cube-response': 'ui.awaited.double',
  'resignation-response': 'ui.awaited.resignation',
};
const YOUR_AWAITED: Readonly<Record<Awaiting, MessageKey>> = {
  roll: 'ui.awaited.yourRoll',
  play: 'ui.awaited.yourPlay',
  'cube-response': 'ui.awaited.yourDouble',
  'resignation-response': 'ui.awaited.yourResignation',
};
const THEIR_AWAITED: Readonly<Record<Awaiting, MessageKey>> = {
  roll: 'ui.awaited.playerRoll',
  play: 'ui.awaited.playerPlay',
  'cube-response': 'ui.awaited.playerDouble',
  'resignation-response': 'ui.awaited.playerResignation',
};

/** What the match waits for: "Your play", "bob’s roll", "Your answer to the invitation"; "" for nothing. */
export function awaitedText(match: MatchSummary, viewer: string | null): string {
  if (match.status === 'invited') {
    if (invitationRole(match, viewer) === 'invited') return t('ui.awaited.yourInvitation');
    return match.opponent === null
      ? t('ui.awaited.someoneToJoin')
      : t('ui.awaited.playerInvitation', { player: match.opponent });
  }
  const { awaiting, player } = match.turn;
  if (match.status !== 'playing' || awaiting === null) return '';
  if (player === null) return t(AWAITED[awaiting]);
  if (player === seatOf(match, viewer)) return t(YOUR_AWAITED[awaiting]);
  return t(THEIR_AWAITED[awaiting], { player: match.players[player]?.username ?? colourName(player) });
}

type LastPlay = NonNullable<MatchSummary['lastPlay']>;

/** A message and its values, for `t` or, where the message marks an element, `<Trans>`. */
export interface Message {
  readonly id: MessageKey;
  readonly values: Readonly<Record<string, string>>;
}

/**
 * A play as a person reads it: "bob played 6-4: 24/14", "You rolled 6-5 and could not move".
 * `nameOf` names the player of a colour, `you` is the reader's colour (null for a spectator). The
 * message marks the play's notation `<0>…</0>`, for an element that keeps it from translation.
 */
export function lastPlayMessage(last: LastPlay, nameOf: (colour: Colour) => string, you: Colour | null): Message {
  const dice = last.dice.join('-');
  const mine = last.by === you;
  const player = mine ? '' : nameOf(last.by);
  if (last.moves.length === 0)
    return { id: mine ? 'ui.lastPlay.youCouldNotMove' : 'ui.lastPlay.couldNotMove', values: { player, dice } };
  return { id: mine ? 'ui.lastPlay.youPlayed' : 'ui.lastPlay.played', values: { player, dice, play: last.text } };
}

/** A formatted message without its element marks. */
const plainText = (text: string): string => text.replace(/<\/?\d+>/g, '');

/** lastPlayMessage as plain text. */
export function lastPlayText(last: LastPlay, nameOf: (colour: Colour) => string, you: Colour | null): string {
  const { id, values } = lastPlayMessage(last, nameOf, you);
  return plainText(t(id, values));
}

/** The last play of a listed match, from `viewer`'s side, as a message; null before one. */
export function lastPlayMessageOf(match: MatchSummary, viewer: string | null): Message | null {
  if (match.lastPlay === null) return null;
  const nameOf = (colour: Colour): string => match.players[colour]?.username ?? colourName(colour);
  return lastPlayMessage(match.lastPlay, nameOf, seatOf(match, viewer));
}

/** The last play of a listed match, from `viewer`'s side, as plain text; empty before one. */
export function lastPlayOf(match: MatchSummary, viewer: string | null): string {
  const message = lastPlayMessageOf(match, viewer);
  return message === null ? '' : plainText(t(message.id, message.values));
}

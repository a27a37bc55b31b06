/**
 * A match summary in words, from one player's side (the viewer: the signed-in person, or the
 * player whose page it is): who they face, the score, the status and what the match waits for.
 * Usernames compare regardless of case, as the server compares them.
 */
import type { Colour, MatchSummary, Variant } from '../api/client.js';

type Player = NonNullable<MatchSummary['players']['white']>;

export const sameUsername = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();

export const otherColour = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

export function variantName(variant: Variant): string {
  return variant === 'backgammon' ? 'Backgammon' : 'Long nardy';
}

/** "5 points", "1 point", or "money session" for length 0. */
export function lengthText(length: number): string {
  if (length === 0) return 'money session';
  return length === 1 ? '1 point' : `${length} points`;
}

/** "Backgammon, 5 points", "Long nardy, money session". */
export function matchKind(match: Pick<MatchSummary, 'variant' | 'length'>): string {
  return `${variantName(match.variant)}, ${lengthText(match.length)}`;
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

const HOW_IT_ENDED = { points: '', timeout: ' on time', leave: ' by forfeit' } as const;

/** "Invitation to you", "Playing", "Won on time", "Declined"… as the viewer sees it. */
export function statusText(match: MatchSummary, viewer: string | null): string {
  switch (match.status) {
    case 'invited': {
      const role = invitationRole(match, viewer);
      if (role === 'invited') return 'Invitation to you';
      if (match.opponent === null) return 'Open challenge';
      return role === 'creator' ? 'Invitation sent' : 'Invitation';
    }
    case 'playing':
      return 'Playing';
    case 'finished': {
      const result = match.result;
      if (result === null) return 'Finished';
      if (result.winner === null) return 'Finished even';
      const how = HOW_IT_ENDED[result.reason];
      const seat = seatOf(match, viewer);
      if (seat !== null) return `${result.winner === seat ? 'Won' : 'Lost'}${how}`;
      return `${match.players[result.winner]?.username ?? result.winner} won${how}`;
    }
    case 'aborted':
      return 'Withdrawn';
    case 'declined':
      return 'Declined';
  }
}

const AWAITED = {
  roll: 'roll',
  play: 'play',
  'cube-response': 'answer to a double',
  'resignation-response': 'answer to a resignation',
} as const;

/** What the match waits for: "Your play", "bob’s roll", "Your answer to the invitation"; "" for nothing. */
export function awaitedText(match: MatchSummary, viewer: string | null): string {
  if (match.status === 'invited') {
    if (invitationRole(match, viewer) === 'invited') return 'Your answer to the invitation';
    return match.opponent === null ? 'Someone to join' : `${match.opponent}’s answer to the invitation`;
  }
  const { awaiting, player } = match.turn;
  if (match.status !== 'playing' || awaiting === null) return '';
  const what = AWAITED[awaiting];
  if (player === null) return what[0].toUpperCase() + what.slice(1);
  if (player === seatOf(match, viewer)) return `Your ${what}`;
  return `${match.players[player]?.username ?? player}’s ${what}`;
}

type LastPlay = NonNullable<MatchSummary['lastPlay']>;

/**
 * A play as a person reads it: "bob played 6-4: 24/14", "You rolled 6-5 and could not move".
 * `nameOf` names the player of a colour, `you` is the reader's colour (null for a spectator).
 */
export function lastPlayText(last: LastPlay, nameOf: (colour: Colour) => string, you: Colour | null): string {
  const who = last.by === you ? 'You' : nameOf(last.by);
  const dice = last.dice.join('-');
  return last.moves.length === 0 ? `${who} rolled ${dice} and could not move` : `${who} played ${dice}: ${last.text}`;
}

/** The last play of a listed match, from `viewer`'s side; empty before one. */
export function lastPlayOf(match: MatchSummary, viewer: string | null): string {
  if (match.lastPlay === null) return '';
  const nameOf = (colour: Colour): string => match.players[colour]?.username ?? colour;
  return lastPlayText(match.lastPlay, nameOf, seatOf(match, viewer));
}

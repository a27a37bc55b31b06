/**
 * What the end of a rated match counts for its players (docs/rules.md
 * "Ratings"): who won and lost, the length, and the gammons and backgammons
 * (mars and koks in long nardy) among its games; or, for a match left or timed
 * out before both players made CHOICES_TO_RATE real decisions, nothing but
 * the leave on the leaver's record. The ratings themselves move by the FIBS
 * formula (src/users/fibs-rating.ts, weighted for provisional opponents by
 * provisional-rating.ts), written with the match's end (the rated-end effect, src/users/rating.effects.ts).
 */
import { opponentOf, type Colour, type MatchState } from '../../engine/index.js';
import type { RatedEnd } from '../model/match-record.js';

/**
 * The real decisions (checker plays with a choice, MatchState.choices) each player must have made
 * for a match that ends by a leave or a timeout to be rated, as lichess aborts a game left before
 * both sides moved.
 */
export const CHOICES_TO_RATE = 3;

const GAMMONS = new Set(['gammon', 'mars']);
const BACKGAMMONS = new Set(['backgammon', 'koks']);

/**
 * What the events that took the match from `before` to `after` do to the
 * ratings: null unless the match is rated and they end it with a winner
 * (every finished match to N points has one); the leaver when it ends by a
 * leave or a timeout before both players made CHOICES_TO_RATE real decisions
 * (the loser: the player who left, or who let the clock run out); else the
 * rated result, with how it ended (a leave or a timeout weighs as a forfeit).
 */
export function ratedEndOf(
  rated: boolean,
  length: number,
  seats: Readonly<Record<Colour, string | null>>,
  before: MatchState,
  after: MatchState,
): RatedEnd | null {
  if (!rated || before.status === 'finished' || after.status !== 'finished') return null;
  const result = after.phase.kind === 'match-over' ? after.phase.result : null;
  const winner = result !== null ? result.winner : after.progress.winner;
  if (winner === null) return null;
  const loser = opponentOf(winner);
  const winnerId = seats[winner];
  const loserId = seats[loser];
  if (winnerId === null || loserId === null) return null;
  const { white, black } = after.choices;
  if (result !== null && result.reason !== 'points' && Math.min(white, black) < CHOICES_TO_RATE) {
    return { abortedBy: loserId };
  }
  const count = (colour: Colour, kinds: ReadonlySet<string>): number =>
    after.games.filter((game) => game.winner === colour && kinds.has(game.kind)).length;
  return {
    winnerId,
    loserId,
    length,
    reason: result?.reason ?? 'points',
    winner: { gammons: count(winner, GAMMONS), backgammons: count(winner, BACKGAMMONS) },
    loser: { gammons: count(loser, GAMMONS), backgammons: count(loser, BACKGAMMONS) },
  };
}

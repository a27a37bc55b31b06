/**
 * What the end of a rated match counts for its players (docs/rules.md
 * "Ratings"): who won and lost, the length, and the gammons and backgammons
 * (mars and koks in long nardy) among its games. The ratings themselves move
 * by the FIBS formula (src/users/fibs-rating.ts), written with the match's end
 * (rated-end.repository.ts).
 */
import { opponentOf, type Colour, type MatchState } from '../../engine/index.js';
import type { RatedResult } from '../model/match-record.js';

const GAMMONS = new Set(['gammon', 'mars']);
const BACKGAMMONS = new Set(['backgammon', 'koks']);

/**
 * The rated result of the events that took the match from `before` to
 * `after`: null unless the match is rated and they end it with a winner
 * (every finished match to N points has one).
 */
export function ratedResultOf(
  rated: boolean,
  length: number,
  seats: Readonly<Record<Colour, string | null>>,
  before: MatchState,
  after: MatchState,
): RatedResult | null {
  if (!rated || before.status === 'finished' || after.status !== 'finished') return null;
  const winner = after.phase.kind === 'match-over' ? after.phase.result.winner : after.progress.winner;
  if (winner === null) return null;
  const loser = opponentOf(winner);
  const winnerId = seats[winner];
  const loserId = seats[loser];
  if (winnerId === null || loserId === null) return null;
  const count = (colour: Colour, kinds: ReadonlySet<string>): number =>
    after.games.filter((game) => game.winner === colour && kinds.has(game.kind)).length;
  return {
    winnerId,
    loserId,
    length,
    winner: { gammons: count(winner, GAMMONS), backgammons: count(winner, BACKGAMMONS) },
    loser: { gammons: count(loser, GAMMONS), backgammons: count(loser, BACKGAMMONS) },
  };
}

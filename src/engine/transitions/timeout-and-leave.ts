/**
 * A match ending other than on points.
 * - Timeout (M5): only the opponent of the player who must act may claim it;
 *   the match ends won by the claimant at the current score. Whether the
 *   deadline has passed is the caller's to check (the engine has no clock).
 * - Leave (M4): a money session ends between games; the player ahead wins,
 *   nobody at an even score.
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
import { toAct, type MatchState } from '../match-state.js';
import type { Colour } from '../types.js';
import { inPlay } from './guards.js';
import { endMatch } from './next-state.js';

export function claimTimeout(state: MatchState, by: Colour): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  const waitingFor = toAct(state);
  if (waitingFor === null || waitingFor === 'either') {
    return refuse('timeout-not-claimable', 'Nobody in particular is on the clock now.');
  }
  if (waitingFor === by)
    return refuse('timeout-not-claimable', 'Only the opponent of the player on the clock can claim a timeout.');
  return ok(endMatch(state, { winner: by, reason: 'timeout', score: state.progress.score }));
}

/** Either player may leave; who leaves does not change the result. */
export function leave(state: MatchState): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  if (state.config.length !== 0) {
    return refuse('money-session-only', 'Only a money session can be left; a match is resigned or played out.');
  }
  const { kind } = state.phase;
  const betweenGames = state.games.length > 0 && !state.game.started && (kind === 'opening-roll' || kind === 'roll');
  if (!betweenGames) return refuse('not-between-games', 'A money session can be left only between games.');
  const { white, black } = state.progress.score;
  const winner: Colour | null = white === black ? null : white > black ? 'white' : 'black';
  return ok(endMatch(state, { winner, reason: 'leave', score: state.progress.score }));
}

/**
 * A match ending other than on points.
 * - Timeout (M5): only the opponent of the player who must act may claim it;
 *   the match ends won by the claimant at the current score. Whether the
 *   deadline has passed is the caller's to check (the engine has no clock).
 * - Leave (M6): a forfeit; see `leave`.
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
import type { MatchResult } from '../events.js';
import { toAct, type MatchState } from '../match-state.js';
import { leaveOutcome, type MatchScore } from '../scoring.js';
import { opponentOf, type Colour } from '../types.js';
import { inPlay } from './guards.js';
import { endGame, endMatch } from './next-state.js';

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

/**
 * Leaving (M6) is a forfeit. A match to N points is won by the opponent of
 * the player who leaves, at the score as it stands. A money session left
 * between games ends as M4 says; left during a game, the leaver first loses
 * that game for the most it can be worth (`leaveOutcome`), and the session
 * ends with its record (records.ts).
 */
export function leave(state: MatchState, by: Colour): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  if (state.config.length !== 0) {
    return ok(endMatch(state, { winner: opponentOf(by), reason: 'leave', score: state.progress.score }));
  }
  if (!state.game.started) return ok(endMatch(state, sessionLeft(state.progress.score)));
  const { config, game } = state;
  return ok(endGame(state, leaveOutcome(config.variant, opponentOf(by), game.cube, config.effectiveRules)));
}

/** The end of a money session (M4): the player ahead wins it, nobody at an even score. */
export function sessionLeft(score: MatchScore): MatchResult {
  const { white, black } = score;
  const winner: Colour | null = white === black ? null : white > black ? 'white' : 'black';
  return { winner, reason: 'leave', score };
}

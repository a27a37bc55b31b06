/**
 * Whether a finished match has anything to analyse (docs/analysis.md "API"): not when it ended by a
 * leave or a timeout before either player made a real decision, as the ratings count them
 * (MatchState.choices; docs/rules.md "Ratings", "Matches aborted by leaving"). Such a match, made
 * in a second by inviting, joining and leaving, holds no decision to judge.
 */
import type { MatchState } from '../engine/index.js';

export function worthAnalysing(state: MatchState): boolean {
  const { phase, choices } = state;
  const reason = phase.kind === 'match-over' ? phase.result.reason : null;
  const aborted = reason === 'leave' || reason === 'timeout';
  return !aborted || choices.white + choices.black > 0;
}

/**
 * A tournament match seen from its tournament (docs/tournaments.md, "Results"): its result in the
 * tournament's terms, and its id, made from its slot. Pure.
 */
import { stableId } from '../../common/stable-id.js';
import type { MatchState } from '../../engine/index.js';

/** The result of a finished match in a tournament's terms: the winner's colour and each colour's points, or null while it is not finished. */
export function tournamentResult(
  state: MatchState,
): { readonly winner: 'white' | 'black'; readonly points: { readonly white: number; readonly black: number } } | null {
  if (state.status !== 'finished' || state.phase.kind !== 'match-over') return null;
  const { winner, reason, score } = state.phase.result;
  if (winner === null) return null;
  const points = { white: score.white, black: score.black };
  // A match won other than on points (a timeout, a leave) counts in full for its winner.
  if (reason === 'timeout' || reason === 'leave') points[winner] = Math.max(points[winner], state.config.length);
  return { winner, points };
}

/** The id of the match of a tournament's slot: the same on every node, every time. */
export function tournamentMatchId(tournamentId: string, round: number, slot: number): string {
  return stableId(`tournament-match:${tournamentId}:${round}:${slot}`);
}

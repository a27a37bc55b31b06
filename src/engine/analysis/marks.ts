/**
 * GNU Backgammon's marks for an error (its default skill thresholds), by the
 * normalised equity given away: more than 0.04 doubtful, 0.08 bad, 0.16 very
 * bad.
 */
import type { ErrorMark } from './analysis.js';

export const MARK_THRESHOLDS: readonly (readonly [ErrorMark, number])[] = [
  ['very-bad', 0.16],
  ['bad', 0.08],
  ['doubtful', 0.04],
];

/** The mark of an error of `loss` (≥ 0), or null up to doubtful's threshold. */
export function markOf(loss: number): ErrorMark | null {
  for (const [mark, threshold] of MARK_THRESHOLDS) if (loss > threshold) return mark;
  return null;
}

import fc from 'fast-check';
import type { MatchState } from '../engine/index.js';
import { worthAnalysing } from './analysis-worth.js';

/** A finished match's state, as far as worthAnalysing reads it. */
function ended(reason: 'points' | 'leave' | 'timeout', white: number, black: number): MatchState {
  return {
    phase: { kind: 'match-over', result: { winner: 'white', reason, score: { white: 1, black: 0 } }, recorded: true },
    choices: { white, black },
  } as unknown as MatchState;
}

describe('worthAnalysing (docs/analysis.md "Running", "Nothing to analyse")', () => {
  it('refuses a match left or timed out before either player made a real decision', () => {
    expect(worthAnalysing(ended('leave', 0, 0))).toBe(false);
    expect(worthAnalysing(ended('timeout', 0, 0))).toBe(false);
  });

  it('takes every match with a real decision, and every match ended on points', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('points' as const, 'leave' as const, 'timeout' as const),
        fc.nat(40),
        fc.nat(40),
        (reason, white, black) => {
          const expected = reason === 'points' || white + black > 0;
          expect(worthAnalysing(ended(reason, white, black))).toBe(expected);
        },
      ),
    );
  });
});

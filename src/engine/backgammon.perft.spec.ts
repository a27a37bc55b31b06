/**
 * Backgammon move generator against GNU Backgammon 1.07, position by
 * position ("perft" tables). Every expected value -- the number of distinct
 * legal plays, the resulting positions, the dice used and the move texts --
 * was produced by gnubg 1.07 itself (the gnubg driver's `legal-plays`, driven
 * by scripts/gnubg/make-perft-fixtures.mjs) and is stored in
 * fixtures/gnubg-legal-plays.json.
 */
import { readFileSync } from 'node:fs';
import { swapSides } from './board.js';
import { legalPlays } from './legal-plays.js';
import { decodePositionId, encodePositionId } from './notation/position-id.js';
import type { Dice } from './types.js';

interface PerftEntry {
  readonly category: string;
  readonly origin: string;
  readonly positionId: string;
  readonly dice: Dice;
  readonly diceUsed: number;
  readonly plays: readonly { readonly text: string; readonly resultPositionId: string }[];
}

interface PerftFixture {
  readonly source: string;
  readonly categories: Readonly<Record<string, string>>;
  readonly entries: readonly PerftEntry[];
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/gnubg-legal-plays.json', import.meta.url), 'utf8'),
) as PerftFixture;

const byText = (a: { resultPositionId: string }, b: { resultPositionId: string }) =>
  a.resultPositionId < b.resultPositionId ? -1 : a.resultPositionId > b.resultPositionId ? 1 : 0;

describe('backgammon legal plays agree with GNU Backgammon 1.07 (perft tables)', () => {
  it('the gnubg tables cover at least 250 positions and every category', () => {
    expect(fixture.source).toMatch(/^GNU Backgammon 1\.07/);
    expect(fixture.entries.length).toBeGreaterThanOrEqual(250);
    for (const category of Object.keys(fixture.categories)) {
      expect(fixture.entries.filter((e) => e.category === category).length).toBeGreaterThanOrEqual(3);
    }
  });

  describe.each(Object.keys(fixture.categories))('%s', (category) => {
    const entries = fixture.entries.filter((e) => e.category === category);
    it.each(entries.map((e) => [e.positionId, e.dice.join('-'), e.plays.length, e.diceUsed, e] as const))(
      '%s %s: gnubg 1.07 lists %i plays using %i dice; same plays, positions and texts',
      (_id, _dice, _count, _used, entry) => {
        const position = decodePositionId(entry.positionId);
        const plays = legalPlays('backgammon', position, entry.dice);
        const ours = plays
          .map((p) => ({
            resultPositionId: encodePositionId(swapSides(p.position)),
            text: p.text,
            dice: p.moves.length,
          }))
          .sort(byText);
        const gnubg = [...entry.plays].sort(byText);
        // The same set of resulting positions (opponent on roll), one play each.
        expect(ours.map((p) => p.resultPositionId)).toEqual(gnubg.map((p) => p.resultPositionId));
        expect(plays.length).toBe(entry.plays.length);
        // Every play uses the number of dice gnubg's plays use.
        expect(ours.filter((p) => p.dice !== entry.diceUsed)).toEqual([]);
        // And is written as gnubg writes the play leading to the same position.
        expect(ours.map(({ resultPositionId, text }) => ({ resultPositionId, text }))).toEqual(gnubg);
      },
    );
  });
});

/**
 * The stored-play lookup of a search (`PlayList.indexOfMoves`), the fast path
 * of a replay: a play given in its canonical moves is found by the board it
 * leads to; anything else answers -1 and is left to validatePlay. The legal
 * plays themselves are proven against gnubg in backgammon.spec.ts and
 * backgammon.perft.spec.ts, and against a reference generator in
 * legal-plays.properties.spec.ts.
 */
import { initialPosition, makePosition, sideFromCounts } from './board.js';
import { findPlays, type PlayList } from './legal-plays.js';
import type { Dice, Move, Position, Variant } from './types.js';

const search = (variant: Variant, position: Position, dice: Dice): PlayList => findPlays(variant, position, dice);

/** Each play's index found from its own canonical moves. */
function foundIndexes(list: PlayList): number[] {
  return Array.from({ length: list.count }, (_, i) => list.indexOfMoves(list.moves(i)));
}

const everyIndex = (list: PlayList): number[] => Array.from({ length: list.count }, (_, i) => i);

describe('finding a stored play in the search by its canonical moves', () => {
  it("finds every one of the 16 plays of a backgammon opening 3-1 at its own index (gnubg's 16, 4HPwATDgc/ABMA)", () => {
    const list = search('backgammon', initialPosition('backgammon'), [3, 1]);
    expect(list.count).toBe(16);
    expect(foundIndexes(list)).toEqual(everyIndex(list));
  });

  it('finds plays that hit, enter from the bar and bear off in backgammon', () => {
    const hitting = search(
      'backgammon',
      makePosition(sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 5 }), sideFromCounts({ 7: 1, 13: 5, 8: 3, 6: 5, 24: 1 })),
      [6, 4],
    );
    const entering = search(
      'backgammon',
      makePosition(sideFromCounts({ 13: 5, 8: 3, 6: 5 }, 2), sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 5 })),
      [5, 3],
    );
    const bearingOff = search(
      'backgammon',
      makePosition(sideFromCounts({ 3: 1 }), sideFromCounts({ 23: 1, 6: 14 })),
      [5, 1],
    );
    for (const list of [hitting, entering, bearingOff]) expect(foundIndexes(list)).toEqual(everyIndex(list));
    expect(bearingOff.moves(0)).toEqual([
      { from: 3, to: 2 },
      { from: 2, to: 0 },
    ]);
  });

  it("finds every play of a long-nardy position with the opponent's checkers in the way", () => {
    const list = search(
      'long-nardy',
      makePosition(
        sideFromCounts({ 24: 9, 8: 1, 7: 1, 6: 1, 5: 2, 4: 1 }),
        sideFromCounts({ 24: 11, 23: 1, 22: 1, 21: 2 }),
      ),
      [2, 1],
    );
    expect(list.count).toBeGreaterThan(1);
    expect(foundIndexes(list)).toEqual(everyIndex(list));
  });

  it('answers -1 for the same play in another order: validatePlay judges that', () => {
    const list = search('backgammon', initialPosition('backgammon'), [3, 1]);
    const index = list.indexOfMoves([
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(
      list.indexOfMoves([
        { from: 6, to: 5 },
        { from: 8, to: 5 },
      ]),
    ).toBe(-1);
  });

  it.each<[string, readonly Move[]]>([
    ['no moves', []],
    ['one die of two', [{ from: 8, to: 5 }]],
    [
      'a move from an empty point',
      [
        { from: 20, to: 17 },
        { from: 6, to: 5 },
      ],
    ],
    ['a move onto a held point', [{ from: 24, to: 19 }]],
    ['a move backwards', [{ from: 5, to: 8 }]],
    [
      'a point out of range',
      [
        { from: 26, to: 23 },
        { from: 6, to: 5 },
      ],
    ],
    [
      'a fractional point',
      [
        { from: 8.5, to: 5 },
        { from: 6, to: 5 },
      ],
    ],
    ['a null move', [null as unknown as Move, { from: 6, to: 5 }]],
    ['a move of strings', [{ from: '8', to: '5' } as unknown as Move, { from: 6, to: 5 }]],
  ])('answers -1, without throwing, for %s', (_name, moves) => {
    const list = search('backgammon', initialPosition('backgammon'), [3, 1]);
    expect(list.indexOfMoves(moves)).toBe(-1);
  });
});

/**
 * Shared by the notation specs (test code only): the gnubg reference values
 * of src/engine/fixtures/gnubg-notation.json and a fast-check generator of
 * valid backgammon positions.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { NotationError } from '../notation/notation-error.js';
import { CHECKERS_PER_SIDE, POINTS, type Position, type SideBoard } from '../types.js';

export interface GnubgNotationFixture {
  readonly source: string;
  readonly positions: readonly { readonly positionId: string; readonly board: [number[], number[]] }[];
  readonly matchIds: readonly {
    readonly matchId: string;
    readonly cube: number;
    readonly cubeOwner: -1 | 0 | 1;
    readonly move: 0 | 1;
    readonly crawford: 0 | 1;
    readonly gameState: number;
    readonly turn: 0 | 1;
    readonly doubled: 0 | 1;
    readonly resigned: number;
    readonly dice: [number, number];
    readonly matchTo: number;
    readonly score: [number, number];
    readonly jacoby: 0 | 1;
  }[];
  readonly xgids: readonly { readonly xgid: string; readonly gnubgId: string; readonly swapped: boolean }[];
}

export const gnubgNotation: GnubgNotationFixture = JSON.parse(
  readFileSync(new URL('../fixtures/gnubg-notation.json', import.meta.url), 'utf8'),
) as GnubgNotationFixture;

function side(counts: readonly number[]): SideBoard {
  const points = counts.slice(0, POINTS);
  const bar = counts[POINTS];
  return { points, bar, off: CHECKERS_PER_SIDE - bar - points.reduce((a, b) => a + b, 0) };
}

/** A Position from gnubg's board [side not on roll, side on roll]. */
export function positionFromGnubgBoard(board: readonly [readonly number[], readonly number[]]): Position {
  return { player: side(board[1]), opponent: side(board[0]) };
}

const closedHome = (counts: readonly number[]) => counts.slice(0, 6).every((n) => n >= 2);

/**
 * Valid backgammon positions: up to 15 checkers a side on points and bar
 * (the rest off), no point held by both sides, not both sides on the bar
 * against two closed boards.
 */
export const arbitraryPosition: fc.Arbitrary<Position> = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: POINTS }), { maxLength: CHECKERS_PER_SIDE }),
    fc.array(fc.integer({ min: 0, max: POINTS }), { maxLength: CHECKERS_PER_SIDE }),
  )
  .map(([mine, theirs]) => {
    const me = new Array<number>(POINTS + 1).fill(0);
    const opp = new Array<number>(POINTS + 1).fill(0);
    for (const place of mine) me[place]++;
    // An opponent checker aimed at a point the player holds goes to the opponent's bar instead.
    for (const place of theirs) opp[place < POINTS && me[POINTS - 1 - place] > 0 ? POINTS : place]++;
    return [me, opp] as const;
  })
  .filter(([me, opp]) => !(me[POINTS] > 0 && opp[POINTS] > 0 && closedHome(me) && closedHome(opp)))
  .map(([me, opp]) => ({ player: side(me), opponent: side(opp) }));

/** The NotationError code `f` throws, or undefined when it does not throw. */
export function refusalCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof NotationError) return e.code;
    throw e;
  }
  return undefined;
}

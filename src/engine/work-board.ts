/**
 * The move generator's mutable board: one Int8Array for both sides, in the
 * MOVER's numbering, changed in place by make/unmake of single checker steps
 * (no allocation per step), with an incremental Zobrist hash.
 *
 * Layout of `cells` (64 bytes):
 *   cells[0]        my checkers borne off
 *   cells[1..24]    my checkers on my point q
 *   cells[25]       my checkers on the bar (backgammon)
 *   cells[32]       opponent's checkers borne off
 *   cells[32 + q]   opponent's checkers standing on MY point q (1..24)
 *   cells[57]       opponent's checkers on the bar (backgammon)
 * The Int32Array `words` views the same 64 bytes, so a board compares or
 * copies as 16 integers.
 *
 * Variant rules (backgammon.ts, long-nardy.ts) subclass it with `refusal`,
 * `tryMake` and `unmake`.
 */
import { BAR, CHECKERS_PER_SIDE, POINTS, type Position, type SideBoard } from './types.js';

export const OPP = 32;
export const CELLS = 64;
export const WORDS = CELLS / 4;

/** Numeric reasons a single checker step is refused; 0 = legal. */
export const STEP_OK = 0;
export const STEP_NO_CHECKER = 1;
export const STEP_BAR_FIRST = 2;
export const STEP_BLOCKED = 3;
export const STEP_HEAD = 4;
export const STEP_SIX_BLOCK = 5;
export const STEP_BEAR_OFF_NOT_HOME = 6;
export const STEP_BEAR_OFF_HIGHER = 7;
export type StepCode = number;

/** Zobrist keys: cell index × count (0..15), from a fixed xorshift seed. */
const ZOBRIST = (() => {
  const z = new Int32Array(CELLS * 16);
  let s = 0x9e3779b9 | 0;
  for (let i = 0; i < z.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    z[i] = s;
  }
  return z;
})();

export abstract class WorkBoard {
  readonly cells: Int8Array;
  readonly words: Int32Array;
  /** Zobrist hash relative to the loaded position (0 = as loaded). */
  hash = 0;
  /** My checkers outside home: points 7..24 and the bar. */
  outside = 0;
  /** Per depth of the current play: from, to, and whether the step hit. */
  readonly stepFrom = new Int8Array(8);
  readonly stepTo = new Int8Array(8);
  readonly stepHit = new Int8Array(8);

  constructor() {
    const buffer = new ArrayBuffer(CELLS);
    this.cells = new Int8Array(buffer);
    this.words = new Int32Array(buffer);
  }

  /** Loads a (validated) position with `player` to move. */
  load(position: Position): void {
    const c = this.cells;
    c.fill(0);
    const me = position.player;
    for (let q = 1; q <= POINTS; q++) c[q] = me.points[q - 1];
    c[BAR] = me.bar;
    c[0] = me.off;
    const them = position.opponent;
    for (let p = 1; p <= POINTS; p++) c[OPP + this.myPointOf(p)] = them.points[p - 1];
    c[OPP + BAR] = them.bar;
    c[OPP] = them.off;
    this.restate();
  }

  /** Recomputes the derived state after `cells` were written directly; the hash restarts at 0. */
  restate(): void {
    const c = this.cells;
    this.hash = 0;
    let outside = c[BAR];
    for (let q = 7; q <= POINTS; q++) outside += c[q];
    this.outside = outside;
    this.afterLoad();
  }

  /** My point number of the opponent's point p (1..24). */
  abstract myPointOf(opponentPoint: number): number;

  protected afterLoad(): void {}

  /** Why moving a checker from `from` with die `die` is illegal now, or STEP_OK. Board unchanged. */
  abstract refusal(from: number, die: number): StepCode;

  /** Makes the step as step number `depth` if legal; returns its StepCode (board changed only when STEP_OK). */
  abstract tryMake(from: number, die: number, depth: number): StepCode;

  /** Takes back step number `depth`. */
  abstract unmake(depth: number): void;

  protected bump(index: number, delta: number): void {
    const c = this.cells;
    const before = c[index];
    const after = before + delta;
    c[index] = after;
    const base = index << 4;
    this.hash ^= ZOBRIST[base + before] ^ ZOBRIST[base + after];
  }

  /** Moves one of my checkers `die` points from `from` (past point 1 = off) as step `depth`; returns where it landed. */
  protected moveChecker(from: number, die: number, depth: number): number {
    const to = from > die ? from - die : 0;
    this.stepFrom[depth] = from;
    this.stepTo[depth] = to;
    this.bump(from, -1);
    this.bump(to, 1);
    if (from >= 7 && to <= 6) this.outside--;
    return to;
  }

  /** Takes back the checker movement of step `depth` (what moveChecker did). */
  protected unmoveChecker(depth: number): void {
    const from = this.stepFrom[depth];
    const to = this.stepTo[depth];
    this.bump(to, -1);
    this.bump(from, 1);
    if (from >= 7 && to <= 6) this.outside++;
  }

  /** Common bear-off rule C4 for a step from `from` that would go past point 1. */
  protected bearOffRefusal(from: number, die: number): StepCode {
    if (this.outside > 0) return STEP_BEAR_OFF_NOT_HOME;
    if (from < die) {
      const c = this.cells;
      for (let p = from + 1; p <= 6; p++) if (c[p] > 0) return STEP_BEAR_OFF_HIGHER;
    }
    return STEP_OK;
  }

  /** All my checkers are off. */
  finished(): boolean {
    return this.cells[0] === CHECKERS_PER_SIDE;
  }
}

/**
 * The 24 counts in cells `c[0]`..`c[23]` of the board at byte `o` of `s`, as
 * an array literal: packed small integers, which V8 builds and freezes faster
 * than a filled `new Array(24)`.
 */
function points24(s: Int8Array, o: number, c: readonly number[]): number[] {
  // prettier-ignore
  return [
    s[o + c[0]], s[o + c[1]], s[o + c[2]], s[o + c[3]], s[o + c[4]], s[o + c[5]],
    s[o + c[6]], s[o + c[7]], s[o + c[8]], s[o + c[9]], s[o + c[10]], s[o + c[11]],
    s[o + c[12]], s[o + c[13]], s[o + c[14]], s[o + c[15]], s[o + c[16]], s[o + c[17]],
    s[o + c[18]], s[o + c[19]], s[o + c[20]], s[o + c[21]], s[o + c[22]], s[o + c[23]],
  ];
}

/** My points 1..24: cells 1..24. */
const MY_CELLS: readonly number[] = Array.from({ length: POINTS }, (_, i) => i + 1);

/** The cells of the opponent's points 1..24 (its numbering), given the map to my point numbers. */
export function opponentCells(myPointOf: (p: number) => number): readonly number[] {
  return Array.from({ length: POINTS }, (_, i) => OPP + myPointOf(i + 1));
}

function freezeSide(points: number[], bar: number, off: number): SideBoard {
  return Object.freeze({ points: Object.freeze(points), bar, off });
}

/** The mover's side of the board (a snapshot of CELLS bytes) at byte `offset` of `store`. */
export function playerSideFromCells(store: Int8Array, offset: number): SideBoard {
  return freezeSide(points24(store, offset, MY_CELLS), store[offset + BAR], store[offset]);
}

/** The opponent's side (in its own numbering) of a snapshot; `cells` from opponentCells. */
export function opponentSideFromCells(store: Int8Array, offset: number, cells: readonly number[]): SideBoard {
  return freezeSide(points24(store, offset, cells), store[offset + OPP + BAR], store[offset + OPP]);
}

/**
 * Positions as public values: the starting position, validation of a board
 * given by a client, swapping the side to move, pip counts, equality and a
 * hash. Everything here works on the immutable `Position` of types.ts; the
 * move generator has its own typed-array representation (work-board.ts).
 */
import { CHECKERS_PER_SIDE, POINTS, type Position, type SideBoard, type Variant } from './types.js';

/** `Array.isArray` as a plain test: it does not narrow a typed array to `any[]`. */
const isArray: (value: unknown) => boolean = Array.isArray;

/** Why a board was refused (`validatePosition`). */
export type PositionRefusalCode =
  'bad-shape' | 'bad-point-count' | 'wrong-checker-count' | 'shared-point' | 'bar-in-long-nardy' | 'bad-off-count';

export interface PositionRefusal {
  readonly code: PositionRefusalCode;
  readonly message: string;
}

/** Builds a frozen side from its 24 point counts (index i = own point i + 1) and bar. */
export function sideBoard(points: readonly number[], bar = 0): SideBoard {
  let total = bar;
  for (const n of points) total += n;
  return Object.freeze({ points: Object.freeze(points.slice()), bar, off: CHECKERS_PER_SIDE - total });
}

/** A frozen position from the two sides. */
export function makePosition(player: SideBoard, opponent: SideBoard): Position {
  return Object.freeze({ player, opponent });
}

/**
 * Builds a side from a map of own point → checker count, e.g. `{24: 14, 13: 1}`;
 * key 25 (or `bar`) puts checkers on the bar. Handy for tests and fixtures.
 */
export function sideFromCounts(counts: Readonly<Record<number, number>>, bar = 0): SideBoard {
  const points = new Array<number>(POINTS).fill(0);
  let onBar = bar;
  for (const [key, n] of Object.entries(counts)) {
    const point = Number(key);
    if (point === 25) onBar += n;
    else points[point - 1] += n;
  }
  return sideBoard(points, onBar);
}

/** Setup B1 (backgammon) or N1 (long nardy, all 15 on the head, own point 24). */
export function initialPosition(variant: Variant): Position {
  const side =
    variant === 'backgammon' ? sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 5 }) : sideFromCounts({ 24: CHECKERS_PER_SIDE });
  return makePosition(side, side);
}

/** The same position seen by the other side: player and opponent exchanged. */
export function swapSides(position: Position): Position {
  return makePosition(position.opponent, position.player);
}

/** My point q as the opponent numbers it (docs/rules.md "Numbering"). */
export function opponentPoint(variant: Variant, myPoint: number): number {
  if (variant === 'backgammon') return 25 - myPoint;
  return myPoint <= 12 ? myPoint + 12 : myPoint - 12;
}

function isCount(n: unknown): n is number {
  return typeof n === 'number' && n >= 0 && n <= CHECKERS_PER_SIDE && (n | 0) === n;
}

function checkSide(variant: Variant, name: string, side: SideBoard | undefined): PositionRefusal | null {
  if (side === null || typeof side !== 'object' || !isArray(side.points)) {
    return { code: 'bad-shape', message: `${name} must be an object with a points array` };
  }
  const points = side.points;
  if (points.length !== POINTS) {
    return { code: 'bad-point-count', message: `${name}.points must have 24 entries (got ${points.length})` };
  }
  let total = 0;
  for (let i = 0; i < POINTS; i++) {
    const n = points[i];
    if (!isCount(n)) return { code: 'bad-shape', message: `${name}.points[${i}] must be an integer from 0 to 15` };
    total += n;
  }
  if (!isCount(side.bar)) return { code: 'bad-shape', message: `${name}.bar must be an integer from 0 to 15` };
  if (variant === 'long-nardy' && side.bar !== 0) {
    return { code: 'bar-in-long-nardy', message: `${name} has checkers on the bar; long nardy has no bar` };
  }
  if (!isCount(side.off)) return { code: 'bad-shape', message: `${name}.off must be an integer from 0 to 15` };
  total += side.bar + side.off;
  if (total !== CHECKERS_PER_SIDE) {
    return {
      code: 'wrong-checker-count',
      message: `${name} has ${total} checkers (points + bar + off); each side has exactly 15`,
    };
  }
  return null;
}

/**
 * Null when the position is a possible board of the variant, else why not:
 * 15 checkers a side, no bar in long nardy, and no point shared by both sides
 * (backgammon: my q is the opponent's 25 - q; long nardy: the same real point
 * is q ± 12).
 */
export function validatePosition(variant: Variant, position: Position): PositionRefusal | null {
  if (position === null || typeof position !== 'object') {
    return { code: 'bad-shape', message: 'position must be an object with player and opponent' };
  }
  const refusal = checkSide(variant, 'player', position.player) ?? checkSide(variant, 'opponent', position.opponent);
  if (refusal) return refusal;
  const mine = position.player.points;
  const theirs = position.opponent.points;
  const backgammon = variant === 'backgammon';
  for (let q = 1; q <= POINTS; q++) {
    if (mine[q - 1] === 0) continue;
    const other = backgammon ? 25 - q : q <= 12 ? q + 12 : q - 12;
    if (theirs[other - 1] > 0) {
      return {
        code: 'shared-point',
        message: `player's point ${q} (opponent's point ${other}) holds checkers of both sides`,
      };
    }
  }
  return null;
}

/** Pips each side needs to bear off: sum of point × count, the bar counting 25. */
export function pipCount(position: Position): { readonly player: number; readonly opponent: number } {
  const pips = (side: SideBoard): number => {
    let sum = side.bar * 25;
    for (let i = 0; i < POINTS; i++) sum += side.points[i] * (i + 1);
    return sum;
  };
  return { player: pips(position.player), opponent: pips(position.opponent) };
}

function sameSide(a: SideBoard, b: SideBoard): boolean {
  if (a.bar !== b.bar || a.off !== b.off) return false;
  for (let i = 0; i < POINTS; i++) if (a.points[i] !== b.points[i]) return false;
  return true;
}

/** Same checkers everywhere, same side to move. */
export function positionsEqual(a: Position, b: Position): boolean {
  return sameSide(a.player, b.player) && sameSide(a.opponent, b.opponent);
}

/**
 * A 32-bit hash of the position (FNV-1a over both sides); equal positions
 * hash equal. For maps and sets of positions; confirm with positionsEqual.
 */
export function positionHash(position: Position): number {
  let h = 0x811c9dc5;
  for (const side of [position.player, position.opponent]) {
    for (let i = 0; i < POINTS; i++) h = Math.imul(h ^ side.points[i], 0x01000193);
    h = Math.imul(h ^ side.bar, 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return h >>> 0;
}

/** A compact string key of the position (exact; usable as a Map key). */
export function positionKey(position: Position): string {
  const side = (s: SideBoard): string => `${s.points.join(',')}|${s.bar}`;
  return `${side(position.player)}/${side(position.opponent)}`;
}

/** One side of board JSON as a client may send it: `bar` and `off` may be left out. */
export interface SideJson {
  readonly points: readonly number[];
  readonly bar?: number;
  readonly off?: number;
}

/** Board JSON (docs/architecture.md "Board JSON"): `player` is the side to move. */
export interface PositionJson {
  readonly player: SideJson;
  readonly opponent: SideJson;
}

/**
 * A Position from board JSON: `bar` defaults to 0 and `off` to 15 - points -
 * bar when omitted. The result is frozen but NOT validated: call
 * validatePosition before using it.
 */
export function positionFromJson(json: PositionJson): Position {
  const side = (s: SideJson): SideBoard => {
    const points = isArray(s?.points) ? s.points.slice() : [];
    const bar = s?.bar ?? 0;
    let total = bar;
    for (const n of points) total += typeof n === 'number' ? n : 0;
    const off = s?.off ?? CHECKERS_PER_SIDE - total;
    return Object.freeze({ points: Object.freeze(points), bar, off });
  };
  return makePosition(side(json?.player), side(json?.opponent));
}

/**
 * The evaluator's inputs (docs/bots.md "Inputs"): a position with its player
 * on roll, as numbers mostly 0 and at most about 1. Each side's points are
 * coded the way TD-Gammon coded them (a checker, a made point, a spare, and
 * the rest scaled), in the side's own numbering, followed by a few features
 * a net learns slowly by itself: pip counts, made home points, the longest
 * prime or block, and for backgammon the share of the 36 rolls that hit.
 * `encode` fills a reused vector and lists the nonzero inputs (Network.forward).
 */
import { opponentPoint, pipCount } from '../board.js';
import { POINTS, type Position, type SideBoard, type Variant } from '../types.js';

/** Inputs per side's points: 24 points × 4 units. */
const POINT_UNITS = POINTS * 4;

export const INPUTS: Readonly<Record<Variant, number>> = Object.freeze({
  // 2 × (96 points + bar + off) + race + 2 pips + 2 home + 2 primes + 2 shots
  backgammon: 2 * (POINT_UNITS + 2) + 9,
  // 2 × (96 points + off) + race + 2 pips + 2 home counts + 2 blocks
  'long-nardy': 2 * (POINT_UNITS + 1) + 7,
});

/** A reusable input vector and the list of its nonzero entries. */
export class Encoding {
  readonly x: Float32Array;
  readonly active: Int32Array;
  count = 0;

  constructor(readonly variant: Variant) {
    this.x = new Float32Array(INPUTS[variant]);
    this.active = new Int32Array(INPUTS[variant]);
  }

  set(i: number, v: number): void {
    if (v === 0) return;
    this.x[i] = v;
    this.active[this.count++] = i;
  }

  clear(): void {
    for (let a = 0; a < this.count; a++) this.x[this.active[a]] = 0;
    this.count = 0;
  }
}

/** Fills `into` with the inputs for `position`, its player on roll. */
export function encode(position: Position, into: Encoding): void {
  into.clear();
  if (into.variant === 'backgammon') encodeBackgammon(position, into);
  else encodeLongNardy(position, into);
}

/** TD-Gammon's four units of a point: a checker, two, three, and the rest scaled by `restScale`. */
function encodePoints(side: SideBoard, into: Encoding, at: number, restScale: number): void {
  for (let p = 0; p < POINTS; p++) {
    const n = side.points[p];
    if (n === 0) continue;
    const base = at + p * 4;
    into.set(base, 1);
    if (n >= 2) into.set(base + 1, 1);
    if (n >= 3) into.set(base + 2, 1);
    if (n > 3) into.set(base + 3, (n - 3) * restScale);
  }
}

/** The longest run of consecutive points held with at least `made` checkers. */
function longestRun(side: SideBoard, made: number): number {
  let best = 0;
  let run = 0;
  for (let p = 0; p < POINTS; p++) {
    run = side.points[p] >= made ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** What one pass over a side finds, as bits (bit p for the side's point p): for the features after the points. */
class SideScan {
  occupied = 0;
  blots = 0;
  /** Points held by two or more. */
  made = 0;
  pips = 0;
}

const playerScan = new SideScan();
const opponentScan = new SideScan();

/** The side's points coded as encodePoints codes them (the same inputs in the same order), and its scan. */
function scanSide(side: SideBoard, into: Encoding, at: number, scan: SideScan): void {
  let occupied = 0;
  let blots = 0;
  let made = 0;
  let pips = side.bar * 25;
  for (let p = 0; p < POINTS; p++) {
    const n = side.points[p];
    if (n === 0) continue;
    const bit = 1 << (p + 1);
    occupied |= bit;
    pips += n * (p + 1);
    const base = at + p * 4;
    into.set(base, 1);
    if (n === 1) {
      blots |= bit;
      continue;
    }
    made |= bit;
    into.set(base + 1, 1);
    if (n >= 3) into.set(base + 2, 1);
    if (n > 3) into.set(base + 3, (n - 3) * 0.5);
  }
  scan.occupied = occupied;
  scan.blots = blots;
  scan.made = made;
  scan.pips = pips;
}

/** The side's rearmost checker from its scan: 25 on the bar, 0 when none is on the board. */
function rearmostOf(side: SideBoard, scan: SideScan): number {
  return side.bar > 0 ? 25 : scan.occupied === 0 ? 0 : 31 - Math.clz32(scan.occupied);
}

/** The number of set bits. */
function bitCount(x: number): number {
  let n = 0;
  for (let m = x; m !== 0; m &= m - 1) n++;
  return n;
}

/** The longest run of consecutive set bits. */
function longestBits(x: number): number {
  let n = 0;
  for (let m = x; m !== 0; m &= m << 1) n++;
  return n;
}

/** Bits 1-24 mirrored (bit q to bit 25 - q): a side's points in the other side's numbering. */
function mirrored(x: number): number {
  let v = x;
  v = ((v >>> 1) & 0x55555555) | ((v & 0x55555555) << 1);
  v = ((v >>> 2) & 0x33333333) | ((v & 0x33333333) << 2);
  v = ((v >>> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
  v = ((v >>> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
  v = (v >>> 16) | (v << 16);
  return (v >>> 6) & BOARD_BITS;
}

/**
 * The backgammon inputs in one pass over each side: the same inputs, in the same order, as
 * encodePoints and the feature functions below give (features.spec.ts checks it), the features
 * read from each side's bits.
 */
function encodeBackgammon(position: Position, into: Encoding): void {
  const { player, opponent } = position;
  const side = POINT_UNITS + 2;
  scanSide(player, into, 0, playerScan);
  into.set(POINT_UNITS, player.bar / 2);
  into.set(POINT_UNITS + 1, player.off / 15);
  scanSide(opponent, into, side, opponentScan);
  into.set(side + POINT_UNITS, opponent.bar / 2);
  into.set(side + POINT_UNITS + 1, opponent.off / 15);
  const at = 2 * side;
  into.set(at, rearmostOf(player, playerScan) + rearmostOf(opponent, opponentScan) <= 25 ? 1 : 0);
  into.set(at + 1, playerScan.pips / 150);
  into.set(at + 2, opponentScan.pips / 150);
  const HOME = 0x7e;
  into.set(at + 3, bitCount(playerScan.made & HOME) / 6);
  into.set(at + 4, bitCount(opponentScan.made & HOME) / 6);
  into.set(at + 5, longestBits(playerScan.made) / 6);
  into.set(at + 6, longestBits(opponentScan.made) / 6);
  const playerSources = playerScan.occupied | (player.bar > 0 ? 1 << 25 : 0);
  const opponentSources = opponentScan.occupied | (opponent.bar > 0 ? 1 << 25 : 0);
  into.set(at + 7, shots(playerSources, mirrored(opponentScan.blots), mirrored(opponentScan.made)) / 36);
  into.set(at + 8, shots(opponentSources, mirrored(playerScan.blots), mirrored(playerScan.made)) / 36);
}

/** Backgammon: no more contact (each side's rearmost checker has passed the other's). */
export function isBackgammonRace(position: Position): boolean {
  return rearmost(position.player) + rearmost(position.opponent) <= 25;
}

/** The side's rearmost checker, in its numbering (25 on the bar, 0 when all are off). */
function rearmost(side: SideBoard): number {
  if (side.bar > 0) return 25;
  for (let p = POINTS - 1; p >= 0; p--) if (side.points[p] > 0) return p + 1;
  return 0;
}

/** Bits 1-24: the points of the board, in the attacker's numbering (bit 25 the bar, bit 0 off). */
const BOARD_BITS = 0x1fffffe;

/**
 * Of the 36 rolls, how many let `attacker` hit at least one of `defender`'s
 * blots, by one die, by both (an open point between), or by a double's
 * steps (stopped by a made point). An approximation: a checker on the bar is
 * not made to enter first. Points are bits (bit p for the attacker's point
 * p), so a die moves every checker at once by a shift.
 */
export function shotRolls(attacker: SideBoard, defender: SideBoard): number {
  // The defender's point q is the attacker's 25 - q.
  let blots = 0;
  let blocked = 0;
  let sources = attacker.bar > 0 ? 1 << 25 : 0;
  for (let t = 1; t <= 24; t++) {
    const d = defender.points[24 - t];
    if (d === 1) blots |= 1 << t;
    else if (d >= 2) blocked |= 1 << t;
    if (attacker.points[t - 1] > 0) sources |= 1 << t;
  }
  return shots(sources, blots, blocked);
}

/** shotRolls on bits in the attacker's numbering: its checkers (bit 25 the bar), the defender's blots and made points. */
function shots(sources: number, blots: number, blocked: number): number {
  if (blots === 0) return 0;
  const open = BOARD_BITS & ~blocked;
  let rolls = 0;
  for (let a = 1; a <= 6; a++) {
    const byA = sources >>> a;
    // A double: step by step, on through open points only.
    let at = sources;
    let hit = false;
    for (let step = 0; step < 4 && !hit; step++) {
      at = (at >>> a) & BOARD_BITS;
      if ((at & blots) !== 0) hit = true;
      at &= open;
    }
    if (hit) rolls += 1;
    for (let b = a + 1; b <= 6; b++) {
      const byB = sources >>> b;
      const landings = byA | byB | ((byA & open) >>> b) | ((byB & open) >>> a);
      if ((landings & blots) !== 0) rolls += 2;
    }
  }
  return rolls;
}

function encodeLongNardy(position: Position, into: Encoding): void {
  const { player, opponent } = position;
  const side = POINT_UNITS + 1;
  encodePoints(player, into, 0, 0.25);
  into.set(POINT_UNITS, player.off / 15);
  encodePoints(opponent, into, side, 0.25);
  into.set(side + POINT_UNITS, opponent.off / 15);
  const at = 2 * side;
  into.set(at, isNardyRace(position) ? 1 : 0);
  const pips = pipCount(position);
  into.set(at + 1, pips.player / 360);
  into.set(at + 2, pips.opponent / 360);
  into.set(at + 3, homeCount(player) / 15);
  into.set(at + 4, homeCount(opponent) / 15);
  into.set(at + 5, longestRun(player, 1) / 6);
  into.set(at + 6, longestRun(opponent, 1) / 6);
}

function homeCount(side: SideBoard): number {
  let n = side.off;
  for (let p = 0; p < 6; p++) n += side.points[p];
  return n;
}

/** Long nardy: no checker of either side has an opposing checker still ahead of it on its way home. */
export function isNardyRace(position: Position): boolean {
  return !aheadOf(position.player, position.opponent) && !aheadOf(position.opponent, position.player);
}

/** Whether some checker of `other` stands ahead of `side`'s rearmost checker, in `side`'s numbering. */
function aheadOf(side: SideBoard, other: SideBoard): boolean {
  const back = rearmost(side);
  for (let q = 1; q <= POINTS; q++) {
    if (other.points[q - 1] > 0 && opponentPoint('long-nardy', q) < back) return true;
  }
  return false;
}

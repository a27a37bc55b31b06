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

/** Made points (2 or more checkers; 1 in long nardy) among the side's points 1-6. */
function homePoints(side: SideBoard, made: number): number {
  let n = 0;
  for (let p = 0; p < 6; p++) if (side.points[p] >= made) n++;
  return n;
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

function encodeBackgammon(position: Position, into: Encoding): void {
  const { player, opponent } = position;
  const side = POINT_UNITS + 2;
  encodePoints(player, into, 0, 0.5);
  into.set(POINT_UNITS, player.bar / 2);
  into.set(POINT_UNITS + 1, player.off / 15);
  encodePoints(opponent, into, side, 0.5);
  into.set(side + POINT_UNITS, opponent.bar / 2);
  into.set(side + POINT_UNITS + 1, opponent.off / 15);
  const at = 2 * side;
  into.set(at, isBackgammonRace(position) ? 1 : 0);
  const pips = pipCount(position);
  into.set(at + 1, pips.player / 150);
  into.set(at + 2, pips.opponent / 150);
  into.set(at + 3, homePoints(player, 2) / 6);
  into.set(at + 4, homePoints(opponent, 2) / 6);
  into.set(at + 5, longestRun(player, 2) / 6);
  into.set(at + 6, longestRun(opponent, 2) / 6);
  into.set(at + 7, shotRolls(player, opponent) / 36);
  into.set(at + 8, shotRolls(opponent, player) / 36);
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

const blocked = new Uint8Array(26);
const blot = new Uint8Array(26);
/** The attacker's occupied points (25: the bar). */
const sources = new Int32Array(26);

/**
 * Of the 36 rolls, how many let `attacker` hit at least one of `defender`'s
 * blots, by one die, by both (an open point between), or by a double's
 * steps. An approximation: a checker on the bar is not made to enter first.
 */
export function shotRolls(attacker: SideBoard, defender: SideBoard): number {
  // Indices are the attacker's points; the defender's point q is the attacker's 25 - q.
  let blots = 0;
  let count = 0;
  for (let t = 1; t <= 24; t++) {
    const d = defender.points[24 - t];
    blocked[t] = d >= 2 ? 1 : 0;
    blot[t] = d === 1 ? 1 : 0;
    blots += blot[t];
    if (attacker.points[t - 1] > 0) sources[count++] = t;
  }
  if (blots === 0) return 0;
  if (attacker.bar > 0) sources[count++] = 25;
  // The numbers that hit by themselves, from any source, as bits 1-6.
  let direct = 0;
  for (let k = 0; k < count; k++) {
    const s = sources[k];
    for (let d = 1; d <= 6 && s - d >= 1; d++) if (blot[s - d] === 1) direct |= 1 << d;
  }
  let rolls = 0;
  for (let a = 1; a <= 6; a++) {
    if ((direct & (1 << a)) !== 0 || doubleHits(a, count)) rolls += 1;
    for (let b = a + 1; b <= 6; b++) {
      if ((direct & ((1 << a) | (1 << b))) !== 0 || bothDiceHit(a, b, count)) rolls += 2;
    }
  }
  return rolls;
}

/** Whether a checker hits a blot with both dice a and b, through an open point between. */
function bothDiceHit(a: number, b: number, count: number): boolean {
  for (let k = 0; k < count; k++) {
    const s = sources[k];
    const t = s - a - b;
    if (t >= 1 && blot[t] === 1 && (blocked[s - a] === 0 || blocked[s - b] === 0)) return true;
  }
  return false;
}

/** Whether a checker hits a blot with the steps of double a (after the first), stopped by a made point. */
function doubleHits(a: number, count: number): boolean {
  for (let k = 0; k < count; k++) {
    let at = sources[k];
    for (let step = 0; step < 4; step++) {
      at -= a;
      if (at < 1) break;
      if (blot[at] === 1) return true;
      if (blocked[at] === 1) break;
    }
  }
  return false;
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

/**
 * Properties over random games of both variants (fast-check):
 * - every position keeps 15 checkers a side and stays valid;
 * - legalPlays equals a naive reference generator written straight from
 *   docs/rules.md (every die order, every checker, no pruning, no hashing);
 * - every legal play uses the same number of dice, the maximum;
 * - every legal play re-validates through validatePlay, in its canonical
 *   order, in a shuffled order when that order is legal step by step (and is
 *   refused when it is not), and as text (which round-trips through
 *   parseMoveText).
 */
import fc from 'fast-check';
import { initialPosition, positionKey, swapSides, validatePosition } from './board.js';
import { legalPlays } from './legal-plays.js';
import { parseMoveText } from './move-text.js';
import { validatePlay } from './play-validation.js';
import type { Dice, Die, Move, Play, Position, SideBoard, Variant } from './types.js';

// ---------------------------------------------------------------------------
// Naive reference generator (independent of the engine's internals).

interface RefState {
  me: number[]; // [0] off, [1..24] points, [25] bar
  opp: number[]; // opponent checkers on MY point q (1..24); [25] its bar; [0] its off
  headMoves: number;
}

const theirOf = (variant: Variant, q: number): number =>
  variant === 'backgammon' ? 25 - q : q <= 12 ? q + 12 : q - 12;

function refLoad(variant: Variant, p: Position): RefState {
  const me = new Array<number>(26).fill(0);
  const opp = new Array<number>(26).fill(0);
  for (let q = 1; q <= 24; q++) {
    me[q] = p.player.points[q - 1];
    opp[q] = p.opponent.points[theirOf(variant, q) - 1];
  }
  me[25] = p.player.bar;
  me[0] = p.player.off;
  opp[25] = p.opponent.bar;
  opp[0] = p.opponent.off;
  return { me, opp, headMoves: 0 };
}

function refIllegalBlock(variant: Variant, s: RefState): boolean {
  if (variant !== 'long-nardy' || s.opp[0] > 0) return false;
  const myOf = (k: number): number => (k > 12 ? k - 12 : k + 12);
  let lowestOpp = 25;
  for (let k = 24; k >= 1; k--) if (s.opp[myOf(k)] > 0) lowestOpp = k;
  for (let lo = 1; lo <= 19; lo++) {
    let run = 0;
    while (lo + run <= 24 && s.me[myOf(lo + run)] > 0) run++;
    if (run >= 6 && (lo === 1 || s.me[myOf(lo - 1)] === 0) && !(lowestOpp < lo)) return true;
  }
  return false;
}

/** The state after moving a checker from `from` with `die`, or null when docs/rules.md forbids it. */
function refStep(variant: Variant, s: RefState, from: number, die: number, headLimit: number): RefState | null {
  const { me, opp } = s;
  if (me[from] <= 0) return null;
  if (variant === 'backgammon' && me[25] > 0 && from !== 25) return null;
  if (variant === 'long-nardy' && from === 24 && s.headMoves >= headLimit) return null;
  const to = from - die;
  if (to >= 1) {
    if (variant === 'backgammon' ? opp[to] >= 2 : opp[to] > 0) return null;
  } else {
    for (let q = 7; q <= 25; q++) if (me[q] > 0) return null;
    if (to < 0) for (let q = from + 1; q <= 6; q++) if (me[q] > 0) return null;
  }
  const n: RefState = {
    me: me.slice(),
    opp: opp.slice(),
    headMoves: s.headMoves + (variant === 'long-nardy' && from === 24 ? 1 : 0),
  };
  n.me[from]--;
  n.me[Math.max(to, 0)]++;
  if (variant === 'backgammon' && to >= 1 && n.opp[to] === 1) {
    n.opp[to] = 0;
    n.opp[25]++;
  }
  if (refIllegalBlock(variant, n)) return null;
  return n;
}

const refKey = (s: RefState): string => `${s.me.join(',')}|${s.opp.join(',')}`;

interface RefLeaf {
  readonly used: number;
  readonly usedLarger: boolean;
}

function refPlaysWithLimit(
  variant: Variant,
  p: Position,
  dice: Dice,
  headLimit: number,
): { keys: Set<string>; used: number } {
  const all = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  const larger = Math.max(dice[0], dice[1]);
  const leaves = new Map<string, RefLeaf[]>();
  const seen = new Set<string>();
  const visit = (s: RefState, left: number[], used: number, usedLarger: boolean): void => {
    // The same state with the same dice left explores the same way: once is enough.
    const memo = `${refKey(s)}#${s.headMoves}#${left.join()}#${used}#${usedLarger}`;
    if (seen.has(memo)) return;
    seen.add(memo);
    let moved = false;
    for (const die of new Set(left)) {
      for (let from = 25; from >= 1; from--) {
        const n = refStep(variant, s, from, die, headLimit);
        if (!n) continue;
        moved = true;
        const rest = left.slice();
        rest.splice(rest.indexOf(die), 1);
        visit(n, rest, used + 1, usedLarger || die === larger);
      }
    }
    if (!moved) {
      const finished = s.me[0] === 15;
      const leaf = { used: variant === 'long-nardy' && finished ? all.length : used, usedLarger };
      const key = refKey(s);
      leaves.set(key, [...(leaves.get(key) ?? []), leaf]);
    }
  };
  visit(refLoad(variant, p), all, 0, false);
  let max = 0;
  for (const ls of leaves.values()) for (const l of ls) max = Math.max(max, l.used);
  const largerPlayable =
    dice[0] !== dice[1] && max === 1 && [...leaves.values()].some((ls) => ls.some((l) => l.used === 1 && l.usedLarger));
  const keys = new Set<string>();
  for (const [key, ls] of leaves) {
    if (ls.some((l) => l.used === max && (!largerPlayable || l.usedLarger))) keys.add(key);
  }
  return { keys: max === 0 ? new Set() : keys, used: max };
}

function refPlays(variant: Variant, p: Position, dice: Dice, firstTurn: boolean): { keys: Set<string>; used: number } {
  const one = refPlaysWithLimit(variant, p, dice, 1);
  if (variant === 'long-nardy' && firstTurn && dice[0] === dice[1]) {
    const two = refPlaysWithLimit(variant, p, dice, 2);
    if (two.used > one.used) return two;
  }
  return one;
}

/** Replays moves step by step with the reference rules; the final key or null if some step is illegal. */
function refReplay(
  variant: Variant,
  p: Position,
  dice: Dice,
  moves: readonly Move[],
  headLimit: number,
): string | null {
  let s = refLoad(variant, p);
  const left = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  for (const m of moves) {
    // The die of a bear-off step may exceed the distance: try the exact one first, then larger ones.
    const options = left.filter((d) => (m.to === 0 ? d >= m.from - m.to : d === m.from - m.to)).sort((a, b) => a - b);
    let next: RefState | null = null;
    for (const d of options) {
      next = refStep(variant, s, m.from, d, headLimit);
      if (next) {
        left.splice(left.indexOf(d), 1);
        break;
      }
    }
    if (!next) return null;
    s = next;
  }
  return refKey(s);
}

// ---------------------------------------------------------------------------

const keyOfPlay = (variant: Variant, play: Play): string => refKey(refLoad(variant, play.position));

function countSide(side: SideBoard): number {
  return side.points.reduce((a, b) => a + b, 0) + side.bar + side.off;
}

function diceUsed(variant: Variant, play: Play, dice: Dice): number {
  if (variant === 'long-nardy' && play.position.player.off === 15) return dice[0] === dice[1] ? 4 : 2;
  return play.moves.length;
}

/** The other orders of the moves (distinct from the given one), rotated by `seed` so each run looks at different ones first. */
function otherOrders(moves: readonly Move[], seed: number): Move[][] {
  const out: Move[][] = [];
  const seen = new Set<string>([JSON.stringify(moves)]);
  const visit = (prefix: Move[], rest: Move[]): void => {
    if (rest.length === 0) {
      const key = JSON.stringify(prefix);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(prefix);
      }
      return;
    }
    rest.forEach((m, i) => visit([...prefix, m], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  visit([], moves.slice());
  const shift = out.length > 0 ? seed % out.length : 0;
  return [...out.slice(shift), ...out.slice(0, shift)];
}

/**
 * expect(actual).toBe(expected), Jest's expect called only when they differ (then with its usual
 * message): checkTurn makes these checks for every legal play of every turn, and building an
 * expectation for each took half of this file's time.
 */
function same<T>(actual: T, expected: T): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}

function checkTurn(variant: Variant, position: Position, dice: Dice, firstTurn: boolean, seed: number): Play[] {
  same(validatePosition(variant, position), null);
  same(countSide(position.player), 15);
  same(countSide(position.opponent), 15);

  const plays = legalPlays(variant, position, dice, { firstTurn });
  const ref = refPlays(variant, position, dice, firstTurn);
  const keys = plays.map((p) => keyOfPlay(variant, p));
  same(new Set(keys).size, keys.length); // deduplicated
  expect(new Set(keys)).toEqual(ref.keys);

  if (plays.length === 0) {
    expect(validatePlay(variant, position, dice, [], { firstTurn })).toMatchObject({ ok: true });
    return plays;
  }
  const headLimit = plays.some((p) => p.position.player.points[23] <= position.player.points[23] - 2) ? 2 : 1;
  for (const play of plays) {
    same(diceUsed(variant, play, dice), ref.used);
    same(countSide(play.position.player), 15);
    same(countSide(play.position.opponent), 15);
    same(validatePosition(variant, play.position), null);

    const again = validatePlay(variant, position, dice, play.moves, { firstTurn });
    same(again.ok && keyOfPlay(variant, again.play), keyOfPlay(variant, play));

    // Another order of the same moves: accepted when it is legal step by step, refused when not.
    const orders = otherOrders(play.moves, seed);
    const legalOther = orders.find((o) => refReplay(variant, position, dice, o, headLimit) !== null);
    if (legalOther) {
      const viaOther = validatePlay(variant, position, dice, legalOther, { firstTurn });
      same(viaOther.ok && keyOfPlay(variant, viaOther.play), keyOfPlay(variant, play));
    }
    const illegalOther = orders.find((o) => refReplay(variant, position, dice, o, headLimit) === null);
    if (illegalOther) same(validatePlay(variant, position, dice, illegalOther, { firstTurn }).ok, false);

    try {
      parseMoveText(play.text);
    } catch {
      expect(() => parseMoveText(play.text)).not.toThrow();
    }
    const viaText = validatePlay(variant, position, dice, play.text, { firstTurn });
    same(viaText.ok && positionKey(viaText.play.position), positionKey(play.position));
  }
  return plays;
}

const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;

/**
 * Random positions rather than games: runs of consecutive points (blocks in
 * long nardy, primes in backgammon), checkers on the bar, bear-offs.
 */
function randomPosition(variant: Variant, seed: number): Position | null {
  let s = seed | 1;
  const rnd = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const mine = new Array<number>(24).fill(0);
  const theirs = new Array<number>(24).fill(0);
  const homeOnly = rnd(4) === 0;
  // My checkers: a run of consecutive points plus scattered ones.
  let left = 15 - rnd(4) - (homeOnly ? rnd(6) : 0);
  const runStart = homeOnly ? 1 + rnd(2) : 2 + rnd(20);
  const runLength = 3 + rnd(5);
  for (let q = runStart; q < runStart + runLength && q <= (homeOnly ? 6 : 24) && left > 0; q++) {
    mine[q - 1]++;
    left--;
  }
  const myBar = variant === 'backgammon' && !homeOnly && rnd(4) === 0 ? 1 + rnd(2) : 0;
  left -= myBar;
  while (left > 0) {
    mine[homeOnly ? rnd(6) : rnd(24)]++;
    left--;
  }
  // Theirs on points I do not hold (in their numbering).
  let theirsLeft = 15 - rnd(3);
  const theirBar = variant === 'backgammon' && rnd(5) === 0 ? 1 : 0;
  theirsLeft -= theirBar;
  for (let tries = 0; theirsLeft > 0 && tries < 500; tries++) {
    const p = 1 + rnd(24);
    if (mine[theirOf(variant, p) - 1] > 0) continue; // my point theirOf(p) is their point p (both maps are involutions)
    theirs[p - 1] += 1 + rnd(2);
    theirsLeft = 15 - theirBar - theirs.reduce((a, b) => a + b, 0);
  }
  if (theirsLeft < 0) return null;
  const side = (points: number[], bar: number): SideBoard => ({
    points,
    bar,
    off: 15 - bar - points.reduce((a, b) => a + b, 0),
  });
  const position: Position = { player: side(mine, myBar), opponent: side(theirs, theirBar) };
  return validatePosition(variant, position) === null ? position : null;
}
const turns = fc.array(fc.tuple(die, die, fc.nat()), { minLength: 1, maxLength: 140 });

function playGame(variant: Variant, steps: readonly [Die, Die, number][]): void {
  let position = initialPosition(variant);
  const firstDone = [false, false];
  steps.forEach(([d1, d2, choice], ply) => {
    if (position.opponent.off === 15) return; // game over
    const side = ply % 2;
    const firstTurn = !firstDone[side];
    firstDone[side] = true;
    const dice: Dice = ply === 0 && d1 === d2 ? [d1, d1 === 6 ? 1 : ((d1 + 1) as Die)] : [d1, d2];
    const plays = checkTurn(variant, position, dice, firstTurn, choice);
    if (plays.length > 0) position = plays[choice % plays.length].position;
    position = swapSides(position);
  });
}

describe.each<Variant>(['backgammon', 'long-nardy'])('%s large play lists', (variant) => {
  it('15 checkers on 15 points with 1-1 give over a thousand distinct plays, the same as the reference', () => {
    const mine: number[] = new Array<number>(24).fill(0);
    for (let q = 3; q <= 17; q++) mine[q - 1] = 1;
    const theirs: number[] = new Array<number>(24).fill(0);
    theirs[variant === 'backgammon' ? 0 : 9] = 15; // my 24 / my 22: out of the way
    const position: Position = {
      player: { points: mine, bar: 0, off: 0 },
      opponent: { points: theirs, bar: 0, off: 0 },
    };
    const plays = legalPlays(variant, position, [1, 1]);
    expect(plays.length).toBeGreaterThan(1000);
    // gnubg 1.07 lists 1639 plays for this backgammon position and roll (Position ID via the oracle).
    if (variant === 'backgammon') expect(plays).toHaveLength(1639);
    expect(new Set(plays.map((p) => keyOfPlay(variant, p)))).toEqual(refPlays(variant, position, [1, 1], false).keys);
  });
});

describe.each<Variant>(['backgammon', 'long-nardy'])('%s random games', (variant) => {
  it('keep 15 checkers a side; legal plays match the reference rules, use the maximum dice, and re-validate in any legal order and as text', () => {
    fc.assert(
      fc.property(turns, (steps) => playGame(variant, steps)),
      { numRuns: 100, seed: variant === 'backgammon' ? 1 : 2 },
    );
  });

  it('random positions with runs of points, bars and bear-offs match the reference rules too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), die, die, fc.boolean(), (seed, d1, d2, firstTurn) => {
        const position = randomPosition(variant, seed);
        if (position) checkTurn(variant, position, [d1, d2], firstTurn, seed);
      }),
      { numRuns: 600, seed: variant === 'backgammon' ? 5 : 6 },
    );
  });

  it('play whole games to the end the same way (bear-off included)', () => {
    // Long games, a greedy-ish choice (the play with the least pips left) so they reach the bear-off.
    fc.assert(
      fc.property(fc.array(fc.tuple(die, die), { minLength: 300, maxLength: 300 }), fc.nat(), (rolls, seed) => {
        let position = initialPosition(variant);
        let ended = false;
        const firstDone = [false, false];
        rolls.forEach(([d1, d2], ply) => {
          if (ended) return;
          const firstTurn = !firstDone[ply % 2];
          firstDone[ply % 2] = true;
          const dice: Dice = ply === 0 && d1 === d2 ? [d1, d1 === 6 ? 1 : ((d1 + 1) as Die)] : [d1, d2];
          const plays = checkTurn(variant, position, dice, firstTurn, seed + ply);
          if (plays.length > 0) {
            const pips = (p: Play): number =>
              p.position.player.points.reduce((a, n, i) => a + n * (i + 1), 0) + 25 * p.position.player.bar;
            position = plays.reduce((best, p) => (pips(p) < pips(best) ? p : best)).position;
          }
          if (position.player.off === 15) ended = true;
          position = swapSides(position);
        });
        expect(ended).toBe(true);
      }),
      { numRuns: 6, seed: variant === 'backgammon' ? 3 : 4 },
    );
  });
});

import {
  initialPosition,
  makePosition,
  pipCount,
  positionFromJson,
  positionHash,
  positionKey,
  positionsEqual,
  sideFromCounts,
  swapSides,
  validatePosition,
  type PositionJson,
} from './board.js';
import type { Position } from './types.js';

describe('initialPosition', () => {
  it('backgammon (B1): 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side, nothing on the bar or off', () => {
    const p = initialPosition('backgammon');
    for (const side of [p.player, p.opponent]) {
      expect(side.points[23]).toBe(2);
      expect(side.points[12]).toBe(5);
      expect(side.points[7]).toBe(3);
      expect(side.points[5]).toBe(5);
      expect(side.bar).toBe(0);
      expect(side.off).toBe(0);
    }
    expect(validatePosition('backgammon', p)).toBeNull();
    expect(Object.isFrozen(p) && Object.isFrozen(p.player) && Object.isFrozen(p.player.points)).toBe(true);
  });

  it('long nardy (N1): all 15 on the head, own point 24', () => {
    const p = initialPosition('long-nardy');
    expect(p.player.points[23]).toBe(15);
    expect(p.opponent.points[23]).toBe(15);
    expect(validatePosition('long-nardy', p)).toBeNull();
  });
});

describe('validatePosition', () => {
  const side = sideFromCounts;
  it.each<[string, 'backgammon' | 'long-nardy', Position, string]>([
    [
      'a side with 14 checkers',
      'backgammon',
      makePosition({ points: side({ 24: 14 }).points, bar: 0, off: 0 }, side({ 24: 15 })),
      'wrong-checker-count',
    ],
    [
      'both sides on one backgammon point (my 1 = its 24)',
      'backgammon',
      makePosition(side({ 1: 15 }), side({ 24: 15 })),
      'shared-point',
    ],
    [
      'both sides on one long-nardy point (my 5 = its 17)',
      'long-nardy',
      makePosition(side({ 5: 1, 24: 14 }), side({ 17: 1, 24: 14 })),
      'shared-point',
    ],
    [
      'checkers on the bar in long nardy',
      'long-nardy',
      makePosition(side({ 24: 14 }, 1), side({ 24: 15 })),
      'bar-in-long-nardy',
    ],
    [
      'a points array that is not 24 long',
      'backgammon',
      makePosition({ points: [15], bar: 0, off: 0 }, side({ 24: 15 })),
      'bad-point-count',
    ],
    [
      'a negative or fractional count',
      'backgammon',
      makePosition(
        { points: side({ 24: 15 }).points.map((n, i) => (i === 0 ? -1 : n)), bar: 0, off: 1 },
        side({ 24: 15 }),
      ),
      'bad-shape',
    ],
  ])('refuses %s', (_name, variant, position, code) => {
    expect(validatePosition(variant, position)).toMatchObject({ code });
  });

  it('accepts the same counts in long nardy when the points differ: my 24 and its 24 are different points', () => {
    expect(validatePosition('long-nardy', makePosition(side({ 24: 15 }), side({ 24: 15 })))).toBeNull();
    expect(validatePosition('backgammon', makePosition(side({ 24: 15 }), side({ 24: 15 })))).toBeNull();
  });
});

describe('position helpers', () => {
  it('swapSides exchanges player and opponent', () => {
    const p = makePosition(sideFromCounts({ 6: 15 }), sideFromCounts({ 24: 15 }));
    expect(swapSides(p).player).toBe(p.opponent);
    expect(swapSides(swapSides(p))).toEqual(p);
  });

  it('pipCount: 167 each at the start of backgammon, 360 in long nardy; the bar counts 25', () => {
    expect(pipCount(initialPosition('backgammon'))).toEqual({ player: 167, opponent: 167 });
    expect(pipCount(initialPosition('long-nardy'))).toEqual({ player: 360, opponent: 360 });
    expect(pipCount(makePosition(sideFromCounts({ 1: 14 }, 1), sideFromCounts({})))).toEqual({
      player: 39,
      opponent: 0,
    });
  });

  it('equality, hash and key agree on equal positions and tell different ones apart', () => {
    const a = initialPosition('backgammon');
    const b = positionFromJson(JSON.parse(JSON.stringify(a)) as PositionJson);
    const c = makePosition(sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 4, 5: 1 }), a.opponent);
    expect(positionsEqual(a, b)).toBe(true);
    expect(positionHash(a)).toBe(positionHash(b));
    expect(positionKey(a)).toBe(positionKey(b));
    expect(positionsEqual(a, c)).toBe(false);
    expect(positionHash(a)).not.toBe(positionHash(c));
    expect(positionKey(a)).not.toBe(positionKey(c));
    expect(positionsEqual(a, swapSides(c))).toBe(false);
  });

  it('positionFromJson fills bar and off when omitted', () => {
    const p = positionFromJson({
      player: { points: sideFromCounts({ 6: 10 }).points },
      opponent: { points: sideFromCounts({ 24: 14 }).points, bar: 1 },
    });
    expect(p.player).toEqual({ points: sideFromCounts({ 6: 10 }).points, bar: 0, off: 5 });
    expect(p.opponent.off).toBe(0);
    expect(p.opponent.bar).toBe(1);
    expect(validatePosition('backgammon', p)).toBeNull();
  });
});

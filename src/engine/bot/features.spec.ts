import { initialPosition, makePosition, pipCount, sideFromCounts, swapSides } from '../board.js';
import { mulberry32 } from '../prng.js';
import type { Position, SideBoard } from '../types.js';
import { playGame, randomPicker, type PlayPicker } from './engine-games.js';
import { Encoding, INPUTS, encode, isBackgammonRace, isNardyRace, shotRolls } from './features.js';

/**
 * Expected shot counts are the standard table of direct and indirect shots
 * at a blot (e.g. Magriel, "Backgammon", the chart of hitting chances):
 * distance 1: 11, 6: 17, 8: 6, 11: 2 of the 36 rolls, with nothing between.
 */
describe('the evaluator inputs', () => {
  it.each([
    [1, 11],
    [6, 17],
    [8, 6],
    [11, 2],
    [13, 0],
  ])('a lone blot %i pips in front of one checker is hit by %i of 36 rolls', (distance, rolls) => {
    const attacker = sideFromCounts({ 24: 1 });
    // The defender's blot on the attacker's point 24 - distance, which the defender numbers 25 - that.
    const defender = sideFromCounts({ [25 - (24 - distance)]: 1 });
    expect(shotRolls(attacker, defender)).toBe(rolls);
  });

  it('a made point between blocks the combination shot but not the direct ones', () => {
    const attacker = sideFromCounts({ 24: 1 });
    // Blot 8 away (the attacker's 16); the defender holds the attacker's 21 and 20 (its own 4 and 5).
    // 6-2 passes 18 or 22 and 5-3 passes 19: they still hit; 4-4 and 2-2 stop at 20: they no longer do.
    const defender = sideFromCounts({ 9: 1, 4: 2, 5: 2 });
    expect(shotRolls(attacker, defender)).toBe(2 + 2);
  });

  it('codes the starting position with the sizes the networks take, every input in [0, 3]', () => {
    for (const variant of ['backgammon', 'long-nardy'] as const) {
      const encoding = new Encoding(variant);
      encode(initialPosition(variant), encoding);
      expect(encoding.x.length).toBe(INPUTS[variant]);
      expect(encoding.count).toBeGreaterThan(8);
      for (const v of encoding.x) expect(v >= 0 && v <= 3).toBe(true);
    }
  });

  it('tells a race from a contact position in both variants', () => {
    expect(isBackgammonRace(initialPosition('backgammon'))).toBe(false);
    expect(isBackgammonRace(makePosition(sideFromCounts({ 6: 5, 5: 10 }), sideFromCounts({ 6: 15 })))).toBe(true);
    expect(isNardyRace(initialPosition('long-nardy'))).toBe(false);
    expect(isNardyRace(makePosition(sideFromCounts({ 3: 15 }), sideFromCounts({ 2: 15 })))).toBe(true);
  });

  it('codes a backgammon position’s features from its bits as counting them point by point does', () => {
    const random = mulberry32(4);
    const pick = randomPicker(random);
    const positions: Position[] = [];
    const recording: PlayPicker = (position, dice, plays) => {
      positions.push(position, ...plays.map((p) => swapSides(p.position)));
      return pick(position, dice, plays);
    };
    while (positions.length < 3000) playGame('backgammon', [recording, recording], random);
    const encoding = new Encoding('backgammon');
    const at = 2 * (96 + 2);
    const made = (side: SideBoard): number[] => side.points.map((n) => (n >= 2 ? 1 : 0));
    const run = (flags: number[]): number => {
      let best = 0;
      let now = 0;
      for (const f of flags) best = Math.max(best, (now = f === 1 ? now + 1 : 0));
      return best;
    };
    for (const position of positions) {
      encode(position, encoding);
      const x = encoding.x;
      const pips = pipCount(position);
      expect(x[at]).toBe(isBackgammonRace(position) ? 1 : 0);
      expect([x[at + 1], x[at + 2]]).toEqual([Math.fround(pips.player / 150), Math.fround(pips.opponent / 150)]);
      const home = (side: SideBoard): number =>
        made(side)
          .slice(0, 6)
          .reduce((a, b) => a + b, 0);
      expect([x[at + 3], x[at + 4]]).toEqual([
        Math.fround(home(position.player) / 6),
        Math.fround(home(position.opponent) / 6),
      ]);
      expect([x[at + 5], x[at + 6]]).toEqual([
        Math.fround(run(made(position.player)) / 6),
        Math.fround(run(made(position.opponent)) / 6),
      ]);
      expect([x[at + 7], x[at + 8]]).toEqual([
        Math.fround(shotRolls(position.player, position.opponent) / 36),
        Math.fround(shotRolls(position.opponent, position.player) / 36),
      ]);
    }
  });
});

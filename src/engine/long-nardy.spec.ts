/**
 * Long nardy rules: the 21 edge cases E1-E21 of docs/rules.md (each a named test), then
 * the head rule, the six-block rule and bear-off. Positions are written as
 * {point: checkers} in each side's own numbering, "Me" to move.
 */
import { makePosition, sideFromCounts, initialPosition } from './board.js';
import { legalPlays } from './legal-plays.js';
import { validatePlay } from './play-validation.js';
import { gameResult } from './result.js';
import type { Dice, Play, Position } from './types.js';

type Counts = Record<number, number>;
const pos = (me: Counts, opp: Counts): Position => makePosition(sideFromCounts(me), sideFromCounts(opp));
const plays = (p: Position, dice: Dice, firstTurn = false): Play[] => legalPlays('long-nardy', p, dice, { firstTurn });
/** validatePlay of long nardy, the moves written as [from, to]. */
const validate = (p: Position, dice: Dice, ...moves: Array<[number, number]>) =>
  validatePlay(
    'long-nardy',
    p,
    dice,
    moves.map(([from, to]) => ({ from, to })),
  );

/** The player's side after each play as {point: count} with "off". */
function results(list: readonly Play[]): Counts[] {
  return list
    .map((play) => {
      const c: Counts = {};
      play.position.player.points.forEach((n, i) => {
        if (n > 0) c[i + 1] = n;
      });
      if (play.position.player.off > 0) c[0] = play.position.player.off;
      return c;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
const sorted = (list: Counts[]): Counts[] =>
  list.slice().sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
/** Does any play of the list pass through the step from → to (die = from - to)? */
const usesStep = (list: readonly Play[], from: number, to: number): boolean =>
  list.some((p) => p.moves.some((m) => m.from === from && m.to === to));

const opening = initialPosition('long-nardy');
const afterOpp = (oppCounts: Counts): Position => pos({ 24: 15 }, oppCounts);

describe('long nardy edge cases (docs/rules.md E1-E21)', () => {
  it('edge case E1: opening 6-5 moves one checker off the head to point 13 and nothing else', () => {
    const list = plays(opening, [6, 5], true);
    expect(results(list)).toEqual([{ 24: 14, 13: 1 }]);
    expect(list[0].text).toBe('24/13');
  });

  it("edge case E2: second player's first 6-6 after a 4-2 opening takes two checkers to 18; two sixes are lost to Opp's head", () => {
    const list = plays(afterOpp({ 24: 14, 18: 1 }), [6, 6], true);
    expect(results(list)).toEqual([{ 24: 13, 18: 2 }]);
    expect(list[0].text).toBe('24/18(2)');
  });

  // The second player's first doubles after each opening: its opponent's checkers, the dice, every legal result.
  it.each([
    ["E3: second player's first 4-4 after a 4-2 opening is 24/16(2)", { 24: 14, 18: 1 }, 4, [{ 24: 13, 16: 2 }]],
    [
      "E4: second player's first 3-3 after a 4-2 opening gives exactly the two four-dice plays with two head checkers",
      { 24: 14, 18: 1 },
      3,
      [
        { 24: 13, 18: 2 },
        { 24: 13, 21: 1, 15: 1 },
      ],
    ],
    [
      "E5: second player's first 5-5 after a 2-1 opening (Opp on my 9) is 24/14(2)",
      { 24: 14, 21: 1 },
      5,
      [{ 24: 13, 14: 2 }],
    ],
    [
      "E6: second player's first 5-5 after a 6-2 or 5-3 opening (Opp on my 4) allows two head checkers, two ways",
      { 24: 14, 16: 1 },
      5,
      [
        { 24: 13, 14: 2 },
        { 24: 13, 19: 1, 9: 1 },
      ],
    ],
  ] as const)('edge case %s', (_name, opponent, die, expected) => {
    expect(results(plays(afterOpp(opponent), [die, die], true))).toEqual(sorted(expected.map((r) => ({ ...r }))));
  });

  it("edge case E7: second player's 5-5 after a 4-3 opening lets only one checker leave the head", () => {
    const p = afterOpp({ 24: 14, 17: 1 });
    expect(results(plays(p, [5, 5], true))).toEqual([{ 24: 14, 4: 1 }]);
    const refused = validatePlay('long-nardy', p, [5, 5], '24/14(2)', { firstTurn: true });
    expect(refused).toMatchObject({ ok: false, reason: 'head-rule' });
  });

  it('edge case E8: a later turn 4-4 takes one head checker only and loses two fours', () => {
    const list = plays(pos({ 24: 12, 16: 3 }, { 24: 10, 5: 5 }), [4, 4]);
    expect(results(list)).toEqual([{ 24: 11, 16: 4 }]);
    expect(list[0].moves).toHaveLength(2);
  });

  it('edge case E9: with everything blocked and bear-off not allowed, 6-5 has no legal play and the turn passes', () => {
    const p = pos({ 24: 14, 5: 1 }, { 7: 1, 6: 1, 1: 13 });
    expect(plays(p, [6, 5])).toEqual([]);
    expect(validate(p, [6, 5])).toMatchObject({ ok: true });
    expect(validatePlay('long-nardy', p, [6, 5], '5/off')).toMatchObject({ ok: false, reason: 'no-legal-play' });
  });

  it('edge case E10: when only one die of 6-4 can be played it must be the 6; with 11 also held the 4 is forced', () => {
    const p = pos({ 17: 1, 1: 14 }, { 24: 14, 19: 1 });
    const list = plays(p, [6, 4]);
    expect(list.map((x) => x.text)).toEqual(['17/11']);
    expect(validatePlay('long-nardy', p, [6, 4], '17/13')).toMatchObject({ ok: false, reason: 'must-use-larger-die' });
    const held = pos({ 17: 1, 1: 14 }, { 24: 13, 23: 1, 19: 1 });
    expect(plays(held, [6, 4]).map((x) => x.text)).toEqual(['17/13']);
  });

  it('edge case E11: 4-2 must play 9/7 5/1, because 9/5 would strand the 2', () => {
    const p = pos({ 9: 1, 5: 1, 1: 13 }, { 24: 14, 15: 1 });
    expect(results(plays(p, [4, 2]))).toEqual([{ 7: 1, 1: 14 }]);
    expect(validatePlay('long-nardy', p, [4, 2], '9/5')).toMatchObject({ ok: false, reason: 'must-use-both-dice' });
  });

  it('edge case E12: 5/3 is illegal when it completes the block 8..3 with no opposing checker past it', () => {
    const p = pos({ 24: 9, 8: 1, 7: 1, 6: 1, 5: 2, 4: 1 }, { 24: 11, 23: 1, 22: 1, 21: 2 });
    const list = plays(p, [2, 1]);
    expect(list.length).toBeGreaterThan(0);
    for (const play of list) {
      const held = [8, 7, 6, 5, 4, 3].every((q) => play.position.player.points[q - 1] > 0);
      expect(held).toBe(false);
    }
    expect(validate(p, [2, 1], [5, 3], [24, 23])).toMatchObject({
      ok: false,
      reason: 'six-block',
    });
    expect(validatePlay('long-nardy', p, [2, 1], '24/22 4/3')).toMatchObject({ ok: true });
  });

  it('edge case E13: the same 5/3 is legal once an opposing checker stands past the block (on my 2)', () => {
    const p = pos({ 24: 9, 8: 1, 7: 1, 6: 1, 5: 2, 4: 1 }, { 24: 11, 23: 1, 22: 1, 21: 1, 14: 1 });
    const list = plays(p, [2, 1]);
    expect(usesStep(list, 5, 3)).toBe(true);
    expect(validate(p, [2, 1], [5, 3], [24, 23])).toMatchObject({ ok: true });
  });

  it('edge case E14: with 1-1, 10/9 is illegal while 8..4 are held, but 8/7 then 10/9 is fine (the rule is checked after every step)', () => {
    const p = pos({ 24: 9, 10: 1, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1 }, { 24: 13, 23: 2 });
    const okOrder = [
      { from: 8, to: 7 },
      { from: 10, to: 9 },
      { from: 24, to: 23 },
      { from: 4, to: 3 },
    ];
    const accepted = validatePlay('long-nardy', p, [1, 1], okOrder);
    expect(accepted.ok).toBe(true);
    const badOrder = [okOrder[1], okOrder[0], okOrder[2], okOrder[3]];
    expect(validatePlay('long-nardy', p, [1, 1], badOrder)).toMatchObject({ ok: false, reason: 'six-block' });
    // The generator finds the play although its moves go in increasing point order, and gives them in a legal order.
    const list = plays(p, [1, 1]);
    const play = list.find((x) => x.text === (accepted.ok ? accepted.play.text : ''));
    expect(play).toBeDefined();
    expect(play!.moves.findIndex((m) => m.from === 8)).toBeLessThan(play!.moves.findIndex((m) => m.from === 10));
  });

  it('edge case E15: 24/22 first is illegal (my 3..22 is a block on Opp path), after 23/18 it is legal', () => {
    const p = pos({ 24: 9, 23: 1, 3: 1, 2: 2, 1: 2 }, { 24: 10, 20: 2, 16: 3 });
    expect(validate(p, [5, 2], [24, 22], [23, 18])).toMatchObject({
      ok: false,
      reason: 'six-block',
    });
    expect(validate(p, [5, 2], [23, 18], [24, 22])).toMatchObject({ ok: true });
    expect(usesStep(plays(p, [5, 2]), 24, 22)).toBe(true);
  });

  it("edge case E16: my 15..10 is not a block: on Opp's path it is 3..1 and 24..22, split by its bear-off edge", () => {
    const p = pos({ 24: 9, 16: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1 }, { 21: 5, 15: 5, 5: 5 });
    expect(usesStep(plays(p, [1, 2]), 16, 15)).toBe(true);
    expect(validate(p, [1, 2], [16, 15], [24, 22])).toMatchObject({ ok: true });
  });

  it('edge case E17: nothing may land on my 1 (6..1 would be a block); the 2 may bear off from 2; the 1 is played inside home', () => {
    const p = pos({ 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 }, { 24: 11, 23: 2, 22: 2 });
    const list = plays(p, [2, 1]);
    expect(list.length).toBeGreaterThan(0);
    for (const play of list) {
      expect(play.position.player.points[0]).toBe(0);
      expect(play.moves).toHaveLength(2);
    }
    expect(list.some((x) => x.moves.some((m) => m.from === 2 && m.to === 0))).toBe(true);
    expect(validatePlay('long-nardy', p, [2, 1], '3/1 6/5')).toMatchObject({ ok: false, reason: 'six-block' });
  });

  it('edge case E18: 6-4 with {5, 2, 2, 1x12}: 5/off 2/off or 5/1 2/off; bearing off from 2 with the 4 while 5 is held is illegal', () => {
    const p = pos({ 5: 1, 2: 2, 1: 12 }, { 24: 15 });
    expect(results(plays(p, [6, 4]))).toEqual(
      sorted([
        { 2: 1, 1: 12, 0: 2 },
        { 2: 1, 1: 13, 0: 1 },
      ]),
    );
    expect(validate(p, [6, 4], [2, 0], [5, 0])).toMatchObject({
      ok: false,
      reason: 'bear-off-not-allowed',
    });
  });

  it('edge case E19: 4-3 with {6, 1x14} and Opp on my 2 is forced 6/3/off', () => {
    const list = plays(pos({ 6: 1, 1: 14 }, { 24: 14, 14: 1 }), [4, 3]);
    expect(results(list)).toEqual([{ 1: 14, 0: 1 }]);
    expect(list[0].moves).toEqual([
      { from: 6, to: 3 },
      { from: 3, to: 0 },
    ]);
  });

  it('edge case E20: 6-1 with {7, 1x14} bears one checker off, either order giving the same single play', () => {
    const p = pos({ 7: 1, 1: 14 }, { 24: 15 });
    expect(results(plays(p, [6, 1]))).toEqual([{ 1: 14, 0: 1 }]);
    for (const text of ['7/1 1/off', '7/6 6/off']) {
      expect(validatePlay('long-nardy', p, [6, 1], text)).toMatchObject({ ok: true });
    }
  });

  it('edge case E21: bearing off the 15th ends the game at once (remaining dice void); mars 2 or koks 3 when Opp has none off, oin 1 otherwise', () => {
    const p = pos({ 1: 1 }, { 24: 1, 6: 14 });
    const list = plays(p, [5, 5]);
    expect(list).toHaveLength(1);
    expect(list[0].position.player.off).toBe(15);
    expect(list[0].moves).toEqual([{ from: 1, to: 0 }]);
    const loser = list[0].position.opponent;
    expect(gameResult('long-nardy', loser, { koks: true })).toMatchObject({ kind: 'koks', multiplier: 3 });
    expect(gameResult('long-nardy', loser, { koks: false })).toMatchObject({ kind: 'mars', multiplier: 2 });
    const oin = plays(pos({ 1: 1 }, { 24: 1, 6: 13 }), [2, 1])[0].position.opponent;
    expect(gameResult('long-nardy', oin, { koks: true })).toMatchObject({ kind: 'oin', multiplier: 1 });
  });
});

describe('long nardy head rule (N4, N5)', () => {
  it('a non-double takes one checker off the head, which may play both dice', () => {
    const list = plays(afterOpp({ 24: 14, 18: 1 }), [6, 3]);
    for (const play of list) expect(play.position.player.points[23]).toBe(14);
    expect(validatePlay('long-nardy', afterOpp({ 24: 14, 18: 1 }), [6, 3], '24/18 24/21')).toMatchObject({
      ok: false,
      reason: 'head-rule',
    });
  });

  it('the first-turn exception needs firstTurn: the same 6-6 on a later turn plays a single head checker', () => {
    const p = afterOpp({ 24: 14, 18: 1 });
    expect(results(plays(p, [6, 6], false))).toEqual([{ 24: 14, 18: 1 }]);
  });

  it('the first-turn exception is judged on the position: a first-player 6-6 (next game started by the winner) takes two', () => {
    expect(results(plays(opening, [6, 6], true))).toEqual([{ 24: 13, 18: 2 }]);
  });

  it('on the first turn, 2-2 uses all four dice with one head checker, so no second one may leave', () => {
    const list = plays(afterOpp({ 24: 14, 18: 1 }), [2, 2], true);
    for (const play of list) expect(play.position.player.points[23]).toBe(14);
    expect(results(list)).toEqual([{ 24: 14, 16: 1 }]);
  });

  it('a double never takes more than two checkers off the head', () => {
    const list = plays(opening, [6, 6], true);
    for (const play of list) expect(play.position.player.points[23]).toBeGreaterThanOrEqual(13);
  });
});

describe('long nardy six-block rule (N6)', () => {
  it('trapping 14 checkers is legal: a six-block with one opposing checker past it', () => {
    // 7/6 (a second checker stays on 7) makes my 11..6; Opp: 14 on its head (my 12) behind it, one on its 1 (my 13) past it.
    const p = pos({ 24: 7, 11: 1, 10: 1, 9: 1, 8: 1, 7: 2, 5: 2 }, { 24: 14, 1: 1 });
    expect(usesStep(plays(p, [1, 2]), 7, 6)).toBe(true);
  });

  it('trapping all 15 never is: the same block with the 15th checker behind it is refused', () => {
    const p = pos({ 24: 7, 11: 1, 10: 1, 9: 1, 8: 1, 7: 2, 5: 2 }, { 24: 15 });
    for (const play of plays(p, [1, 2])) {
      expect([11, 10, 9, 8, 7, 6].every((q) => play.position.player.points[q - 1] > 0)).toBe(false);
    }
    expect(validate(p, [1, 2], [7, 6], [24, 22])).toMatchObject({
      ok: false,
      reason: 'six-block',
    });
  });

  it('a block is allowed once the opponent has borne off a checker', () => {
    const p = pos({ 24: 7, 11: 1, 10: 1, 9: 1, 8: 1, 7: 2, 5: 2 }, { 24: 14 });
    expect(p.opponent.off).toBe(1);
    expect(usesStep(plays(p, [1, 2]), 7, 6)).toBe(true);
  });

  it('the block is counted along the opponent path without wrap: my 15..10 (its 3..1 and 24..22) may be completed with nobody past', () => {
    // Opp's 15 checkers all on its 20 (my 8): under a wrapping count this would be a six-block with nothing past it.
    const p = pos({ 24: 9, 16: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1 }, { 20: 15 });
    expect(usesStep(plays(p, [1, 3]), 16, 15)).toBe(true);
  });

  it('seven in a row is a block too (six or more)', () => {
    // 11/7 joins 11..8 and 6..5 into 11..5 (a second checker stays on 11).
    const p = pos({ 24: 6, 11: 2, 10: 1, 9: 1, 8: 1, 6: 1, 5: 1, 3: 2 }, { 24: 15 });
    expect(validate(p, [4, 1], [11, 7], [24, 23])).toMatchObject({
      ok: false,
      reason: 'six-block',
    });
  });

  it('a board given with an illegal block already on it (not reachable in play) only allows plays that break it', () => {
    const p = pos({ 24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1 }, { 24: 15 });
    const list = plays(p, [2, 1]);
    expect(list.length).toBeGreaterThan(0);
    for (const play of list) {
      expect([11, 10, 9, 8, 7, 6].every((q) => play.position.player.points[q - 1] > 0)).toBe(false);
    }
    expect(validate(p, [2, 1], [24, 22], [11, 10])).toMatchObject({
      ok: false,
      reason: 'six-block',
    });
  });

  it('five in a row is not a block, a sixth point makes one', () => {
    const p = pos({ 24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 6: 2 }, { 24: 15 });
    const after = results(plays(p, [4, 1]));
    expect(after).toContainEqual({ 24: 8, 23: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 2 });
    expect(after).not.toContainEqual({ 24: 9, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1 });
  });
});

describe('long nardy bear-off (C4)', () => {
  it('is not allowed while a checker is outside home', () => {
    const p = pos({ 7: 1, 3: 14 }, { 24: 15 });
    expect(validate(p, [3, 6], [3, 0], [7, 1])).toMatchObject({
      ok: false,
      reason: 'bear-off-not-allowed',
    });
    expect(validate(p, [3, 6], [7, 1], [3, 0])).toMatchObject({ ok: true });
  });

  it('a larger die bears off from the highest point when no checker stands on the die point or above', () => {
    const list = plays(pos({ 3: 2, 2: 13 }, { 24: 15 }), [6, 5]);
    expect(results(list)).toEqual([{ 2: 13, 0: 2 }]);
  });

  it('bearing off is never compulsory when a move inside home exists', () => {
    const list = plays(pos({ 6: 2, 5: 2, 1: 11 }, { 24: 15 }), [2, 1]);
    expect(list.some((x) => x.moves.every((m) => m.to !== 0))).toBe(true);
    expect(list.some((x) => x.moves.some((m) => m.to === 0))).toBe(true);
  });
});

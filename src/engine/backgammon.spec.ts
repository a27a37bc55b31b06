/**
 * Backgammon legal plays on hand-picked rule cases. Every expected list of
 * plays below is GNU Backgammon 1.07's own (queried through the gnubg
 * driver's `legal-plays`, scripts/gnubg/README.md, with the Position ID in the
 * test name), text for text. The large gnubg perft tables live in
 * backgammon.perft.spec.ts.
 */
import { initialPosition, makePosition, sideFromCounts } from './board.js';
import { InvalidInputError, legalPlays } from './legal-plays.js';
import { validatePlay } from './play-validation.js';
import type { Dice, Position } from './types.js';

type Counts = Record<number, number>;
const pos = (me: Counts, opp: Counts, myBar = 0, oppBar = 0): Position =>
  makePosition(sideFromCounts(me, myBar), sideFromCounts(opp, oppBar));
/** What `f` throws (undefined when it does not). */
function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}
const texts = (p: Position, dice: Dice): string[] =>
  legalPlays('backgammon', p, dice)
    .map((x) => x.text)
    .sort();

describe('backgammon legal plays agree with gnubg 1.07', () => {
  it("opening 3-1 has gnubg's 16 plays (4HPwATDgc/ABMA)", () => {
    expect(texts(initialPosition('backgammon'), [3, 1])).toEqual(
      [
        '13/10 6/5',
        '13/10 8/7',
        '13/9',
        '24/20',
        '24/21 6/5',
        '24/21 8/7',
        '24/23 13/10',
        '24/23 24/21',
        '24/23 6/3',
        '24/23 8/5',
        '6/2',
        '6/5 6/3',
        '8/4',
        '8/5 6/5',
        '8/7 6/3',
        '8/7 8/5',
      ].sort(),
    );
  });

  it('opening 6-5 has gnubg\'s 7 plays, one checker running "24/13"', () => {
    expect(texts(initialPosition('backgammon'), [6, 5])).toEqual(
      ['13/2', '13/7 8/3', '13/8 13/7', '24/13', '24/18 13/8', '24/18 8/3', '8/3 8/2'].sort(),
    );
  });

  it("opening 3-3 has gnubg's 73 distinct plays (doubles deduplicated by resulting position)", () => {
    const list = texts(initialPosition('backgammon'), [3, 3]);
    expect(list).toHaveLength(73);
    expect(list).toContain('13/10(3) 6/3');
    expect(list).toContain('24/21 13/10 8/5 6/3');
    expect(new Set(list).size).toBe(73);
  });

  it('two on the bar with one entry point open: enter one and forfeit the rest (2zbABwDgHHwAGA)', () => {
    const p = pos({ 13: 5, 8: 3, 6: 3 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5 }, 2);
    expect(texts(p, [6, 5])).toEqual(['bar/19']);
  });

  it('on the bar against a closed board there is no play (27YBBwDgc/ABYA)', () => {
    const p = pos({ 13: 5, 8: 3, 6: 5 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }, 2);
    expect(legalPlays('backgammon', p, [6, 5])).toEqual([]);
  });

  it('entering with a hit is written "bar/22*(2)" (xOfgBwDgc/ABYA)', () => {
    const p = pos({ 13: 5, 8: 3, 6: 5 }, { 3: 1, 13: 6, 8: 3, 6: 5 }, 2);
    expect(texts(p, [3, 3])).toEqual(
      [
        'bar/22*(2) 13/10 6/3',
        'bar/22*(2) 13/10 8/5',
        'bar/22*(2) 13/10(2)',
        'bar/22*(2) 13/7',
        'bar/22*(2) 6/3(2)',
        'bar/22*(2) 8/2',
        'bar/22*(2) 8/5 6/3',
        'bar/22*(2) 8/5(2)',
      ].sort(),
    );
  });

  it('a checker hitting on its way keeps the hit point: "24/18*/14" (4OvgAyDgc/ABMA)', () => {
    const p = pos({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 7: 1, 13: 5, 8: 3, 6: 5, 24: 1 });
    const list = texts(p, [6, 4]);
    expect(list).toHaveLength(15);
    expect(list).toEqual(expect.arrayContaining(['24/18*/14', '24/14', '24/20 24/18*', '24/18* 13/9']));
  });

  it('bearing off the last checker must use both dice when it can: 3/2*/off, not 3/off (4P8HABAEAAAAAA)', () => {
    const p = pos({ 3: 1 }, { 23: 1, 6: 14 });
    const list = legalPlays('backgammon', p, [5, 1]);
    expect(list.map((x) => x.text)).toEqual(['3/2*/off']);
    expect(list[0].position.opponent.bar).toBe(1);
    // "3/off" names the checker's path; the only legal way to play it is through the hit.
    const accepted = validatePlay('backgammon', p, [5, 1], '3/off');
    expect(accepted.ok && accepted.play.text).toBe('3/2*/off');
    expect(validatePlay('backgammon', p, [5, 1], [{ from: 3, to: 0 }])).toMatchObject({ ok: true });
  });

  it('a higher checker stops the 5 bearing off from 2: "6/1 2/off" or "6/off" (4PPBBwAXAgAAAA)', () => {
    expect(texts(pos({ 6: 1, 2: 1, 1: 3 }, { 13: 5, 8: 5, 6: 5 }), [5, 4])).toEqual(['6/1 2/off', '6/off']);
  });

  it('when either die but not both can be played, the larger must be (gP/DADDg/wcAIA)', () => {
    const p = pos({ 24: 1, 6: 14 }, { 12: 2, 24: 2, 8: 11 });
    expect(texts(p, [6, 5])).toEqual(['24/18']);
    expect(validatePlay('backgammon', p, [6, 5], '24/19')).toMatchObject({ ok: false, reason: 'must-use-larger-die' });
  });

  it('a double is played as far as it can be (gP8PAwDg/wMAMA)', () => {
    expect(texts(pos({ 24: 2, 6: 13 }, { 12: 2, 8: 13 }), [4, 4])).toEqual(
      [
        '24/12 24/20',
        '24/12 6/2',
        '24/16 24/20 6/2',
        '24/16 6/2(2)',
        '24/16(2)',
        '24/20 6/2(3)',
        '24/20(2) 6/2(2)',
        '24/8',
        '6/2(4)',
      ].sort(),
    );
  });

  it('6-6 in the bear-off takes four checkers off: "6/off(2) 5/off(2)" (4PPBBwDb3Q0AAA)', () => {
    expect(texts(pos({ 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2 }, { 13: 5, 8: 5, 6: 5 }), [6, 6])).toEqual([
      '6/off(2) 5/off(2)',
    ]);
  });
});

describe('backgammon play objects', () => {
  it('give moves in canonical order (from, then to, descending), the position after the play with the mover still player', () => {
    const play = legalPlays('backgammon', initialPosition('backgammon'), [1, 3]).find((x) => x.text === '8/5 6/5')!;
    expect(play.moves).toEqual([
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
    expect(play.position.player.points.slice(0, 8)).toEqual([0, 0, 0, 0, 2, 4, 0, 2]);
    expect(play.position.opponent).toEqual(initialPosition('backgammon').opponent);
    expect(Object.isFrozen(play.position)).toBe(true);
    expect(JSON.parse(JSON.stringify(play))).toEqual({
      moves: [
        { from: 8, to: 5 },
        { from: 6, to: 5 },
      ],
      text: '8/5 6/5',
      position: JSON.parse(JSON.stringify(play.position)) as unknown,
    });
  });

  it('a hit sends the blot to the bar in the resulting position', () => {
    const p = pos({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 7: 1, 13: 5, 8: 3, 6: 5, 24: 1 });
    const play = legalPlays('backgammon', p, [6, 4]).find((x) => x.text === '24/18*/14')!;
    expect(play.position.opponent.bar).toBe(1);
    expect(play.position.opponent.points[6]).toBe(0);
    expect(play.moves).toEqual([
      { from: 24, to: 18 },
      { from: 18, to: 14 },
    ]);
  });

  it('does not change the input position', () => {
    const p = initialPosition('backgammon');
    const copy = JSON.stringify(p);
    legalPlays('backgammon', p, [6, 6]).forEach((x) => x.position);
    expect(JSON.stringify(p)).toBe(copy);
  });

  it('refuses an invalid position or dice with a typed error', () => {
    const bad = makePosition({ points: sideFromCounts({ 24: 2 }).points, bar: 0, off: 0 }, sideFromCounts({ 24: 15 }));
    const badBoard = errorOf(() => legalPlays('backgammon', bad, [1, 2]));
    expect(badBoard).toBeInstanceOf(InvalidInputError);
    expect(badBoard).toMatchObject({ code: 'wrong-checker-count' });
    const badDice = errorOf(() => legalPlays('backgammon', initialPosition('backgammon'), [0, 7] as unknown as Dice));
    expect(badDice).toBeInstanceOf(InvalidInputError);
    expect(badDice).toMatchObject({ code: 'bad-dice' });
  });
});

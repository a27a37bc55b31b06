/**
 * stepsAfter and stepsOfPlay: a play made one single-die step at a time. The expected plays of the
 * fixed positions are gnubg's (`legal-plays POSID D1 D2` of the project's gnubg tools, gnubg 1.07);
 * over random games the steps are checked against legalPlays and validatePlay, which agree with gnubg
 * and with a reference generator written from docs/rules.md (legal-plays.properties.spec.ts).
 */
import fc from 'fast-check';
import { initialPosition, makePosition, positionKey, sideFromCounts, swapSides } from './board.js';
import { legalPlays } from './legal-plays.js';
import { encodePositionId } from './notation/position-id.js';
import { stepsAfter, stepsOfPlay, type PlayStep } from './play-steps.js';
import { validatePlay } from './play-validation.js';
import type { Dice, Die, Play, Position, Variant } from './types.js';

/**
 * Jest's expect, called only when the check fails (then with its usual message): the random games
 * below make these checks for every step and every legal play of every turn, and building an
 * expectation for each took half of this file's time.
 */
function same<T>(actual: T, expected: T): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}
/** expect(actual).toEqual(expected) for plain data (JSON): the same, Jest's expect called only when they differ. */
function equalData(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** Every way through the steps to a complete play: each complete path with its play. */
function walkAll(
  variant: Variant,
  position: Position,
  dice: Dice,
  firstTurn = false,
): Array<{ steps: PlayStep[]; play: Play }> {
  const found: Array<{ steps: PlayStep[]; play: Play }> = [];
  const visit = (steps: PlayStep[]): void => {
    const after = stepsAfter(variant, position, dice, steps, { firstTurn });
    if (after === null) throw new Error(`a step offered led nowhere: ${JSON.stringify(steps)}`);
    if (after.play !== null) {
      if (after.next.length !== 0) expect(after.next).toEqual([]);
      found.push({ steps, play: after.play });
      return;
    }
    if (after.next.length === 0) expect(after.next.length).toBeGreaterThan(0);
    for (const step of after.next) visit([...steps, step]);
  };
  visit([]);
  return found;
}

const step = (from: number, to: number, die: Die, hits = false): PlayStep => ({ from, to, die, hits });

describe('stepsAfter', () => {
  it('offers the 7 first steps of 2-1 at the opening, and its paths lead to the 15 plays gnubg lists', () => {
    const start = initialPosition('backgammon');
    const first = stepsAfter('backgammon', start, [2, 1], []);
    expect(first?.next).toEqual([
      step(24, 23, 1),
      step(24, 22, 2),
      step(13, 11, 2),
      step(8, 7, 1),
      step(8, 6, 2),
      step(6, 5, 1),
      step(6, 4, 2),
    ]);
    // Not 13/12: the opponent's 13 holds five checkers (B3); 13/10 is made 13/11/10.
    expect(first?.play).toBeNull();
    // gnubg: legal-plays 4HPwATDgc/ABMA 2 1 (result_posid of each of its 15 plays).
    const gnubg = [
      '4HPkASjgc/ABMA', '4HPwASLgc/ABMA', '4HPwARTgc/ABMA', '4HPiATDgc/ABMA', '0HPkATDgc/ABMA',
      '0HPwASTgc/ABMA', 'yHPwASjgc/ABMA', '4GvkATDgc/ABMA', '4GfwASjgc/ABMA', '4GvwASTgc/ABMA',
      '0GfwATDgc/ABMA', 'xHPwATDgc/ABMA', 'qHPwATDgc/ABMA', 'yGvwATDgc/ABMA', '4FfwATDgc/ABMA',
    ]; // prettier-ignore
    const reached = new Set(
      walkAll('backgammon', start, [2, 1]).map(({ play }) => encodePositionId(swapSides(play.position))),
    );
    expect([...reached].sort()).toEqual([...gnubg].sort());
  });

  it('follows the steps made: the position after them, and only the plays still open', () => {
    const start = initialPosition('backgammon');
    const after = stepsAfter('backgammon', start, [6, 5], [step(24, 18, 6)]);
    expect(after?.position.player.points[17]).toBe(1);
    expect(after?.position.player.points[23]).toBe(1);
    // Only the 5 is left: 18/13 (the 24/13 run), 13/8, 8/3; not 6/1, the opponent's 24 holds two.
    expect(after?.next.map((s) => `${s.from}/${s.to}`)).toEqual(['18/13', '13/8', '8/3']);
    const done = stepsAfter('backgammon', start, [6, 5], [step(24, 18, 6), step(18, 13, 5)]);
    expect(done?.play?.text).toBe('24/13');
    expect(done?.next).toEqual([]);
  });

  it('answers null for steps that are not a way to a legal play: an illegal step, a die not rolled, a wrong landing', () => {
    const start = initialPosition('backgammon');
    expect(stepsAfter('backgammon', start, [6, 5], [step(24, 19, 4)])).toBeNull();
    expect(stepsAfter('backgammon', start, [6, 5], [step(24, 19, 6)])).toBeNull();
    // 6-6: point 18 (the opponent's 7) is open, but 13 is the opponent's 12, held: 24/18 then 18/12 is fine, 19/13 is not a step.
    expect(stepsAfter('backgammon', start, [6, 5], [step(24, 18, 6), step(24, 18, 6)])).toBeNull();
  });

  it('with a checker on the bar, offers entering steps only, and shows the hit (B3, B4)', () => {
    // Mover: one on the bar, the rest at home; the opponent has a blot on the mover's 20 (its 5).
    const player = sideFromCounts({ 6: 5, 8: 3, 13: 4, 24: 2 }, 1);
    const opponent = sideFromCounts({ 5: 1, 6: 5, 8: 3, 13: 5, 24: 1 });
    const position = makePosition(player, opponent);
    const after = stepsAfter('backgammon', position, [5, 3], []);
    expect(after?.next).toEqual([step(25, 22, 3), step(25, 20, 5, true)]);
  });

  it('passes with no step when no die can be played (C1)', () => {
    // Closed out: the opponent holds all of the mover's entering points.
    const player = sideFromCounts({ 6: 5, 8: 3, 13: 6 }, 1);
    const opponent = sideFromCounts({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2 });
    const after = stepsAfter('backgammon', makePosition(player, opponent), [4, 2], []);
    expect(after?.next).toEqual([]);
    expect(after?.play?.moves).toEqual([]);
  });

  it('long nardy: 6-6 on the first turn takes two checkers off the head, and only one later (N5)', () => {
    const start = initialPosition('long-nardy');
    const firstTurn = walkAll('long-nardy', start, [6, 6], true);
    const later = walkAll('long-nardy', start, [6, 6], false);
    const headLeft = (plays: Array<{ play: Play }>) =>
      new Set(plays.map(({ play }) => play.position.player.points[23]));
    expect(headLeft(firstTurn)).toEqual(new Set([13]));
    expect(headLeft(later)).toEqual(new Set([14]));
  });
});

describe('stepsOfPlay', () => {
  it('gives the steps of a legal play with their dice, choosing the die that lets the rest follow', () => {
    // Bearing off with 6-2 from 5 and 1: the 6 must take the 5 (a 2 cannot), the 2 the 1.
    const player = sideFromCounts({ 1: 1, 5: 1 });
    const position = makePosition({ ...player, off: 13 }, sideFromCounts({ 19: 15 }));
    expect(
      stepsOfPlay(
        'backgammon',
        position,
        [6, 2],
        [
          { from: 5, to: 0 },
          { from: 1, to: 0 },
        ],
      ),
    ).toEqual([step(5, 0, 6), step(1, 0, 2)]);
    expect(stepsOfPlay('backgammon', position, [6, 2], [{ from: 5, to: 2 }])).toBeNull();
  });
});

const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;

describe.each<Variant>(['backgammon', 'long-nardy'])('%s random games, step by step', (variant) => {
  it('the complete paths reach exactly the legal plays; each validates to its play; each legal play is made of its own steps', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(die, die), { minLength: 40, maxLength: 40 }), (rolls) => {
        let position = initialPosition(variant);
        const firstDone = [false, false];
        for (const [ply, [d1, d2]] of rolls.entries()) {
          const firstTurn = variant === 'long-nardy' && !firstDone[ply % 2];
          firstDone[ply % 2] = true;
          const dice: Dice = [d1, d2];
          const plays = legalPlays(variant, position, dice, { firstTurn });
          if (plays.length === 0) {
            expect(stepsAfter(variant, position, dice, [], { firstTurn })?.play?.moves).toEqual([]);
          } else {
            const paths = walkAll(variant, position, dice, firstTurn);
            const key = (p: Position) => positionKey(p);
            expect(new Set(paths.map(({ play }) => key(play.position)))).toEqual(
              new Set(plays.map((p) => key(p.position))),
            );
            for (const { steps, play } of paths.filter((_, i) => i % 7 === 0)) {
              const valid = validatePlay(variant, position, dice, steps, { firstTurn });
              same(valid.ok && key(valid.play.position), key(play.position));
            }
            for (const play of plays) {
              const steps = stepsOfPlay(variant, position, dice, play.moves, { firstTurn });
              equalData(
                steps?.map(({ from, to }) => ({ from, to })),
                play.moves.map(({ from, to }) => ({ from, to })),
              );
            }
            position = plays[(d1 * 7 + d2 * 3 + ply) % plays.length].position;
          }
          if (position.player.off === 15) break;
          position = swapSides(position);
        }
      }),
      { numRuns: 4, seed: variant === 'backgammon' ? 11 : 12 },
    );
  });
});

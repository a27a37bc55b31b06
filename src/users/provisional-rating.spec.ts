import fc from 'fast-check';
import { rateMatch, type Standing } from './fibs-rating.js';
import {
  forfeitWeight,
  isProvisional,
  moveWeight,
  PROVISIONAL_EXPERIENCE,
  rateRatedMatch,
  type RatedEnding,
} from './provisional-rating.js';

/**
 * Ratings for new players (docs/rules.md "Ratings"): each rating moves by the FIBS move times
 * W = 1 against an opponent at least as experienced as the player (whose own experience counts up
 * to 400), else the opponent's experience over the player's; the winner of a forfeit by no more
 * than the leaver's experience / 400. The examples are worked by hand below and in docs/rules.md.
 */
describe('provisional ratings', () => {
  it('are provisional below 400 experience, where the FIBS boost reaches 1', () => {
    expect(PROVISIONAL_EXPERIENCE).toBe(400);
    expect([0, 399, 400, 2000].map(isProvisional)).toEqual([true, true, false, false]);
  });

  it('weigh a move by the opponent’s experience over the player’s, when the opponent has less', () => {
    // [player, opponent] → W
    const cases: Array<[number, number, number]> = [
      [0, 0, 1], // two new players: the full move
      [0, 400, 1], // less experienced than the opponent: the full move
      [100, 200, 1],
      [200, 100, 0.5],
      [400, 0, 0], // a fresh account lends an established player nothing
      [400, 64, 0.16], // an established player against a new one: experience / 400, as before
      [2000, 200, 0.5], // the player's experience counts up to 400 only
      [2000, 400, 1],
      [3, 0, 0], // a fresh account lends nothing to anyone who has played
    ];
    for (const [player, opponent, weight] of cases) expect(moveWeight(player, opponent)).toBe(weight);
    expect([0, 100, 400, 2000].map(forfeitWeight)).toEqual([0, 0.25, 1, 1]);
  });

  it('moves two new players by the full FIBS move: a 3-point match at 1500 is 1517.32 / 1482.68', () => {
    // D = 0, N = 3: P = 1/2, change = 4·√3/2 = 3.4641016151377544; boost 5 and W = 1 for both.
    const start = { rating: 1500, experience: 0 };
    const outcome = rateRatedMatch(start, start, 3, 'played');
    expect(outcome).toEqual(rateMatch(start, start, 3));
    expect(outcome.winner).toEqual({ rating: 1517.3205080756888, experience: 3 });
    expect(outcome.loser).toEqual({ rating: 1482.6794919243112, experience: 3 });
  });

  it('lends the opponent nothing from a first rated match: an established player beats a new one in 64 points', () => {
    // D = 0, N = 64: P = 1/2, change = 4·8/2 = 16. The winner's weight is the new loser's 0/400: it
    // stays at 1500; the loser's is 1 (the winner is more experienced), boost 5: 1500 - 80.
    expect(rateRatedMatch({ rating: 1500, experience: 400 }, { rating: 1500, experience: 0 }, 64, 'played')).toEqual({
      change: 16,
      winner: { rating: 1500, experience: 464 },
      loser: { rating: 1420, experience: 64 },
    });
  });

  it('moves each rating by its own boost times its weight', () => {
    // 1 point, D = 0: change = 4·1/2 = 2. Winner (800 experience, boost 1) against 200 experience:
    // weight 200/400 = 0.5, + 1. Loser (200 experience, boost 3) against a more experienced player: - 6.
    expect(rateRatedMatch({ rating: 1500, experience: 800 }, { rating: 1500, experience: 200 }, 1, 'played')).toEqual({
      change: 2,
      winner: { rating: 1501, experience: 801 },
      loser: { rating: 1494, experience: 201 },
    });
    // Two provisional players: the winner (200, boost 3) against 100 experience, weight 100/200: + 3;
    // the loser (100, boost 4) against a more experienced player, weight 1: - 8.
    expect(rateRatedMatch({ rating: 1500, experience: 200 }, { rating: 1500, experience: 100 }, 1, 'played')).toEqual({
      change: 2,
      winner: { rating: 1503, experience: 201 },
      loser: { rating: 1492, experience: 101 },
    });
  });

  it('moves the winner of a forfeit by no more than the leaver’s experience / 400, and the leaver as a played match', () => {
    const start = { rating: 1500, experience: 0 };
    // Two new players, 3 points, the loser left: the winner's weight is min(1, 0/400) = 0.
    expect(rateRatedMatch(start, start, 3, 'forfeit')).toEqual({
      change: 3.4641016151377544,
      winner: { rating: 1500, experience: 3 },
      loser: { rating: 1482.6794919243112, experience: 3 },
    });
    // A new winner (boost 5) against a leaver of 200 experience, 1 point: min(1, 0.5) = 0.5, + 5; the
    // leaver (boost 3) against a fresh account takes 0/200 of its move, and stays.
    expect(rateRatedMatch(start, { rating: 1500, experience: 200 }, 1, 'forfeit')).toEqual({
      change: 2,
      winner: { rating: 1505, experience: 1 },
      loser: { rating: 1500, experience: 201 },
    });
    // Established players: a forfeit is rated as any finished match.
    const [w, l] = [
      { rating: 1550, experience: 400 },
      { rating: 1500, experience: 900 },
    ];
    expect(rateRatedMatch(w, l, 5, 'forfeit')).toEqual(rateMatch(w, l, 5));
  });
});

const experience = fc.integer({ min: 0, max: 20_000 });
const rating = fc.double({ min: 500, max: 2500, noNaN: true });
const standing = fc.record({ rating, experience });
const length = fc.integer({ min: 1, max: 64 });
const ending = fc.constantFrom<RatedEnding>('played', 'forfeit');

/** `target` after winning `farmers` matches of `length` points from fresh accounts, ended `how`. */
function farmed(target: Standing, farmers: number, length: number, how: RatedEnding): Standing {
  let now = target;
  for (let i = 0; i < farmers; i++) now = rateRatedMatch(now, { rating: 1500, experience: 0 }, length, how).winner;
  return now;
}

describe('provisional ratings, for any standings (fast-check)', () => {
  it('weigh every move from 0 to 1, and the winner of a forfeit by no more than a played match', () => {
    fc.assert(
      fc.property(experience, experience, (player, opponent) => {
        const weight = moveWeight(player, opponent);
        expect(weight).toBeGreaterThanOrEqual(0);
        expect(weight).toBeLessThanOrEqual(1);
        expect(Math.min(weight, forfeitWeight(opponent))).toBeLessThanOrEqual(weight);
      }),
    );
  });

  it('give two players of equal experience the full move, and anyone the full move against 400 or more', () => {
    fc.assert(
      fc.property(experience, fc.integer({ min: 400, max: 20_000 }), (player, established) => {
        expect(moveWeight(player, player)).toBe(1);
        expect(moveWeight(player, established)).toBe(1);
      }),
    );
  });

  it('never weigh a move less against a more experienced opponent', () => {
    fc.assert(
      fc.property(experience, experience, experience, (player, a, b) => {
        expect(moveWeight(player, Math.min(a, b))).toBeLessThanOrEqual(moveWeight(player, Math.max(a, b)));
      }),
    );
  });

  it('keep the FIBS figures to the last bit when both weights are 1', () => {
    fc.assert(
      fc.property(rating, rating, experience, length, ending, (a, b, shared, n, how) => {
        // Equal experience: both weights 1, and a forfeit's leaver of 400 or more weighs 1 too.
        const e = how === 'forfeit' ? Math.max(shared, 400) : shared;
        const [w, l] = [
          { rating: a, experience: e },
          { rating: b, experience: e },
        ];
        expect(rateRatedMatch(w, l, n, how)).toEqual(rateMatch(w, l, n));
      }),
    );
  });

  it('let a farm of fresh accounts that forfeit move no target at all', () => {
    fc.assert(
      fc.property(standing, fc.integer({ min: 1, max: 20 }), length, (target, farmers, n) => {
        expect(farmed(target, farmers, n, 'forfeit').rating).toBe(target.rating);
      }),
    );
  });

  it('let a farm of fresh accounts that play their matches out move no target that has played', () => {
    fc.assert(
      fc.property(
        fc.record({ rating, experience: fc.integer({ min: 1, max: 20_000 }) }),
        fc.integer({ min: 1, max: 20 }),
        length,
        (target, farmers, n) => {
          expect(farmed(target, farmers, n, 'played').rating).toBe(target.rating);
        },
      ),
    );
  });

  it('let such a farm move a brand-new target by its first match only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), length, (farmers, n) => {
        const target = { rating: 1500, experience: 0 };
        const first = rateRatedMatch(target, { rating: 1500, experience: 0 }, n, 'played').winner;
        expect(farmed(target, farmers, n, 'played').rating).toBe(first.rating);
      }),
    );
  });
});

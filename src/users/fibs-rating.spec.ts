import { readFileSync } from 'node:fs';
import { experienceBoost, rateMatch, type Standing } from './fibs-rating.js';

/**
 * A case worked by hand (its working, line by line): the standings before (winner, loser) and the
 * length; the change, and the standings after.
 */
interface HandWorked {
  readonly name: string;
  readonly working: readonly string[];
  readonly before: Parameters<typeof rateMatch>;
  readonly change: number;
  readonly winner: Standing;
  readonly loser: Standing;
}

const HAND_WORKED = JSON.parse(
  readFileSync(new URL('./fibs-rating.hand-worked.json', import.meta.url), 'utf8'),
) as HandWorked[];

/**
 * The FIBS formula (docs/rules.md "Ratings") on figures worked by hand: D the
 * winner's rating minus the loser's, N the length, P = 1 / (10^(D·√N/2000) + 1),
 * change = 4·√N·P, boost = max(1, 5 - experience/100). The exact doubles
 * expected are those the PL/pgSQL `record_rated_match` of the ratings
 * migration gave for the same inputs on PostgreSQL; the cases, each with its
 * working, are fibs-rating.hand-worked.json.
 */
describe('rateMatch', () => {
  it.each(HAND_WORKED)('$name', ({ before, change, winner, loser }) => {
    const outcome = rateMatch(...before);
    expect(outcome.change).toBe(change);
    expect(outcome.winner).toEqual(winner);
    expect(outcome.loser).toEqual(loser);
  });

  it('gives the example of docs/rules.md: two new players at 1500, 3 points, 1517.32 and 1482.68', () => {
    // P = 1/2; change = 4·√3/2 = 3.4641016; × 5 = 17.3205081.
    const outcome = rateMatch({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 3);
    expect(outcome.change).toBe(3.4641016151377544);
    expect(outcome.winner.rating).toBeCloseTo(1517.32, 2);
    expect(outcome.loser.rating).toBeCloseTo(1482.68, 2);
    expect(outcome.winner).toEqual({ rating: 1517.3205080756888, experience: 3 });
    expect(outcome.loser).toEqual({ rating: 1482.6794919243112, experience: 3 });
  });

  it('boosts each player by their own experience before the match, up to 400', () => {
    // change = 4.4721360 as above. Winner at 150: boost (500 - 150)/100 = 3.5, + 15.6524758.
    // Loser at 399: boost (500 - 399)/100 = 1.01, - 4.5168573.
    const outcome = rateMatch({ rating: 1500, experience: 150 }, { rating: 1500, experience: 399 }, 5);
    expect(outcome.winner).toEqual({ rating: 1515.6524758424985, experience: 155 });
    expect(outcome.loser).toEqual({ rating: 1495.4831426854505, experience: 404 });
  });
});

describe('experienceBoost', () => {
  it('is 5 for a new player, falls by 1 per 100 of experience, and is 1 from 400 on', () => {
    expect([0, 100, 150, 399, 400, 401, 1000].map(experienceBoost)).toEqual([5, 4, 3.5, 1.01, 1, 1, 1]);
  });

  it('is the decimal (500 - E)/100 rounded once, as the numeric of PostgreSQL was, not 5 - E/100 in doubles', () => {
    // 56/100 rounds to 0.56000000000000005, and 5 minus it to 4.4399999999999995; 444/100 is 4.44.
    expect(5 - 56 / 100).toBe(4.4399999999999995);
    expect(experienceBoost(56)).toBe(4.44);
  });
});

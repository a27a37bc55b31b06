import { experienceBoost, rateMatch, type Standing } from './fibs-rating.js';

/** A case worked by hand: the standings before (winner, loser) and the length; the change, and the standings after. */
interface HandWorked {
  readonly name: string;
  readonly before: Parameters<typeof rateMatch>;
  readonly change: number;
  readonly winner: Standing;
  readonly loser: Standing;
}

/**
 * The FIBS formula (docs/rules.md "Ratings") on figures worked by hand: D the
 * winner's rating minus the loser's, N the length, P = 1 / (10^(D·√N/2000) + 1),
 * change = 4·√N·P, boost = max(1, 5 - experience/100). The exact doubles
 * expected are those the PL/pgSQL `record_rated_match` of the ratings
 * migration gave for the same inputs on PostgreSQL.
 */
describe('rateMatch', () => {
  it.each([
    {
      name: 'two new players at 1500, 5 points: each moves 5 × 2·√5',
      // D = 0, so 10^0 = 1 and P = 1/2; change = 4·√5·1/2 = 2·2.2360680 = 4.4721360.
      // Both boosts (500 - 0)/100 = 5: 5 × 4.4721360 = 22.3606798.
      before: [{ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 5],
      change: 4.47213595499958,
      winner: { rating: 1522.3606797749978, experience: 5 },
      loser: { rating: 1477.6393202250022, experience: 5 },
    },
    {
      name: 'an underdog who wins gains more: 1200 beats 1600 in 25 points',
      // D = -400, √25 = 5: 10^(-400·5/2000) = 10^-1 = 0.1; P = 1/1.1 = 0.9090909 (the favourite's chance
      // of winning was 10/11); change = 4·5/1.1 = 18.1818182. Both past 400 experience: boost 1.
      before: [{ rating: 1200, experience: 500 }, { rating: 1600, experience: 800 }, 25],
      change: 18.18181818181818,
      winner: { rating: 1218.1818181818182, experience: 525 },
      loser: { rating: 1581.8181818181818, experience: 825 },
    },
    {
      name: 'a favourite who wins gains less: 1600 beats 1200 in 25 points',
      // D = +400: 10^1 = 10; P = 1/11; change = 20/11 = 1.8181818. Winner new (boost 5): + 9.0909091;
      // loser at 450 (boost 1): - 1.8181818.
      before: [{ rating: 1600, experience: 0 }, { rating: 1200, experience: 450 }, 25],
      change: 1.8181818181818181,
      winner: { rating: 1609.090909090909, experience: 25 },
      loser: { rating: 1198.1818181818182, experience: 475 },
    },
    {
      name: 'a long match moves more: 64 points, 1750 beats 1500',
      // √64 = 8; D = 250: 10^(250·8/2000) = 10^1; P = 1/11; change = 4·8/11 = 32/11 = 2.9090909.
      // Winner at 56: boost 4.44, + 12.9163636; loser at 103: boost 3.97, - 11.5490909.
      before: [{ rating: 1750, experience: 56 }, { rating: 1500, experience: 103 }, 64],
      change: 2.909090909090909,
      winner: { rating: 1762.9163636363637, experience: 120 },
      loser: { rating: 1488.4509090909091, experience: 167 },
    },
    {
      name: '11 points, 1650 beats 1480',
      // √11 = 3.3166248; D = 170: x = 170·3.3166248/2000 = 0.2819131, 10^x = 1.9138730;
      // P = 1/2.9138730 = 0.3431859; change = 4·3.3166248·0.3431859 = 4.5528749.
      // Winner at 30: boost 4.7, + 21.3985122; loser at 900: boost 1, - 4.5528749.
      before: [{ rating: 1650, experience: 30 }, { rating: 1480, experience: 900 }, 11],
      change: 4.552874930236851,
      winner: { rating: 1671.3985121721132, experience: 41 },
      loser: { rating: 1475.4471250697632, experience: 911 },
    },
  ] satisfies HandWorked[])('$name', ({ before, change, winner, loser }) => {
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

import { rateMatch } from './fibs-rating.js';
import { isProvisional, opponentWeight, PROVISIONAL_EXPERIENCE, rateRatedMatch } from './provisional-rating.js';

/**
 * Provisional ratings (docs/rules.md "Ratings"): each rating moves by the FIBS move times its
 * opponent's experience / 400 (at most 1), worked by hand below.
 */
describe('provisional ratings', () => {
  it('are provisional below 400 experience, where the FIBS boost reaches 1, and weigh experience / 400', () => {
    expect(PROVISIONAL_EXPERIENCE).toBe(400);
    expect([0, 399, 400, 2000].map(isProvisional)).toEqual([true, true, false, false]);
    expect([0, 64, 200, 399, 400, 2000].map(opponentWeight)).toEqual([0, 0.16, 0.5, 0.9975, 1, 1]);
  });

  it('lends the opponent nothing from a first rated match: an established player beats a new one in 64 points', () => {
    // D = 0, N = 64: P = 1/2, change = 4·8/2 = 16. The winner's weight is the new loser's 0/400: it
    // stays at 1500; the loser's is 1 (the winner is established), boost 5: 1500 - 80.
    expect(rateRatedMatch({ rating: 1500, experience: 400 }, { rating: 1500, experience: 0 }, 64)).toEqual({
      change: 16,
      winner: { rating: 1500, experience: 464 },
      loser: { rating: 1420, experience: 64 },
    });
  });

  it('moves each rating by its own boost times the other’s weight', () => {
    // 1 point, D = 0: change = 4·1/2 = 2. Winner (800 experience, boost 1) against 200 experience:
    // weight 0.5, + 1. Loser (200 experience, boost 3) against an established player: weight 1, - 6.
    expect(rateRatedMatch({ rating: 1500, experience: 800 }, { rating: 1500, experience: 200 }, 1)).toEqual({
      change: 2,
      winner: { rating: 1501, experience: 801 },
      loser: { rating: 1494, experience: 201 },
    });
    // Two new players: neither rating moves, both gain the experience.
    expect(rateRatedMatch({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 3)).toMatchObject({
      winner: { rating: 1500, experience: 3 },
      loser: { rating: 1500, experience: 3 },
    });
  });

  it('is the FIBS formula to the last bit between established players', () => {
    for (const [w, l, n] of [
      [{ rating: 1612.25, experience: 400 }, { rating: 1387.5, experience: 950 }, 7],
      [{ rating: 1200, experience: 500 }, { rating: 1600, experience: 800 }, 25],
    ] as const) {
      expect(rateRatedMatch(w, l, n)).toEqual(rateMatch(w, l, n));
    }
  });

  it('holds the farm of eight new accounts to nothing for a new target and for an established one', () => {
    for (const start of [
      { rating: 1500, experience: 0 },
      { rating: 1500, experience: 400 },
    ]) {
      let target = start;
      for (let farmer = 0; farmer < 8; farmer++) {
        target = rateRatedMatch(target, { rating: 1500, experience: 0 }, 64).winner;
      }
      expect(target).toEqual({ rating: 1500, experience: start.experience + 8 * 64 });
    }
  });
});

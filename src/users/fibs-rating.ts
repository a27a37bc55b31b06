/**
 * The FIBS rating formula (docs/rules.md "Ratings"): how a finished rated
 * match moves its two players' ratings and experience. Pure; the repository
 * that writes the match's end reads the players (locked) and stores what this
 * computes (docs/architecture.md "Ratings and records").
 *
 * It reproduces what the database computed before it moved here (the PL/pgSQL
 * `record_rated_match` of the ratings migration, no longer called), bit for
 * bit wherever PostgreSQL's `pow` is correctly rounded, in doubles where that did and in
 * decimals where that did (test/medium/rating-formula.medium-spec.ts runs both):
 *
 *     change := 4 * sqrt(N) / (power(10, (Rw - Rl) * sqrt(N) / 2000) + 1)
 *     Rw' = Rw + change * greatest(1, 5 - Ew / 100.0)
 *     Rl' = Rl - change * greatest(1, 5 - El / 100.0)
 *
 * The first line is double precision throughout, evaluated left to right as
 * here; `power` rounds correctly here (power-of-ten.ts), where the C library
 * behind PostgreSQL misses the last bit about once in a thousand (and a rating,
 * then, about once in five hundred of those). The
 * experience boost is a numeric (exact decimal: an integer over 100) turned
 * into a double, i.e. (500 - E) / 100 rounded once, which is not what
 * `5 - E / 100` in doubles gives (two roundings).
 */
import { powerOfTen } from './power-of-ten.js';

/** A player's rating and experience (the sum of the lengths of their rated matches). */
export interface Standing {
  readonly rating: number;
  readonly experience: number;
}

/** What a rated match does to its players' standings. */
export interface RatedMatchOutcome {
  /**
   * The points at stake, before each player's experience boost: 4 * sqrt(N) * P, with P the
   * chance the loser had of winning.
   */
  readonly change: number;
  /** The winner's new standing: rating up by change * boost, experience up by N. */
  readonly winner: Standing;
  /** The loser's new standing: rating down by change * boost, experience up by N. */
  readonly loser: Standing;
}

/**
 * A player's boost, from their experience before the match: max(1, 5 - experience / 100), as a
 * decimal rounded once to a double (new players move up to five times faster for their first
 * 400 points of experience).
 */
export function experienceBoost(experience: number): number {
  return Math.max(1, (500 - experience) / 100);
}

/**
 * How much of its FIBS move each player's rating takes, from 0 to 1: all of it (FIBS's own
 * formula) unless the service's rule for provisional opponents says less (provisional-rating.ts).
 */
export interface MoveWeights {
  readonly winner: number;
  readonly loser: number;
}

const FULL_MOVES: MoveWeights = { winner: 1, loser: 1 };

/**
 * The standings after a rated match to `length` points that `winner` won
 * from `loser`, both given as they stood before it; each rating moves by
 * change × boost × its weight (a weight of 1, the default, multiplies exactly,
 * so FIBS's figures are kept to the last bit).
 */
export function rateMatch(
  winner: Standing,
  loser: Standing,
  length: number,
  weights: MoveWeights = FULL_MOVES,
): RatedMatchOutcome {
  const root = Math.sqrt(length);
  const change = (4 * root) / (powerOfTen(((winner.rating - loser.rating) * root) / 2000) + 1);
  return {
    change,
    winner: {
      rating: winner.rating + change * experienceBoost(winner.experience) * weights.winner,
      experience: winner.experience + length,
    },
    loser: {
      rating: loser.rating - change * experienceBoost(loser.experience) * weights.loser,
      experience: loser.experience + length,
    },
  };
}

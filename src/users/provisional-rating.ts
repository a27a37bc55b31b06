/**
 * Provisional ratings (docs/rules.md "Ratings"): a player's rating is provisional until their
 * experience reaches PROVISIONAL_EXPERIENCE, the point where FIBS's experience boost falls to 1.
 * FIBS moves a new player's own rating faster (the boost); this is the mirror: a match against a
 * provisional player moves the opponent's rating less, by the provisional player's experience over
 * PROVISIONAL_EXPERIENCE (nothing at all against a player's first rated match). A new account's
 * rating of 1500 is a guess, and beating a guess says little: so throwaway accounts lend their
 * opponent no rating, whatever they lose (the farm of docs/architecture.md "Limits on new matches
 * and rating farming"). Pure.
 */
import { rateMatch, type RatedMatchOutcome, type Standing } from './fibs-rating.js';

/** The experience from which a rating is established: FIBS's boost max(1, 5 - experience/100) is 1 from there. */
export const PROVISIONAL_EXPERIENCE = 400;

/** Whether a rating with this experience is provisional. */
export function isProvisional(experience: number): boolean {
  return experience < PROVISIONAL_EXPERIENCE;
}

/**
 * How much of the FIBS move a match against a player with this experience (before the match) gives
 * the opponent: experience / PROVISIONAL_EXPERIENCE, at most 1.
 */
export function opponentWeight(experience: number): number {
  return isProvisional(experience) ? experience / PROVISIONAL_EXPERIENCE : 1;
}

/**
 * The standings after a rated match to `length` points that `winner` won from `loser` (as they stood
 * before it): the FIBS formula, each rating's move weighted by its opponent's experience.
 */
export function rateRatedMatch(winner: Standing, loser: Standing, length: number): RatedMatchOutcome {
  return rateMatch(winner, loser, length, {
    winner: opponentWeight(loser.experience),
    loser: opponentWeight(winner.experience),
  });
}

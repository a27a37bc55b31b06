/**
 * Provisional ratings (docs/rules.md "Ratings"): a player's rating is provisional until their
 * experience reaches PROVISIONAL_EXPERIENCE, the point where FIBS's experience boost falls to 1.
 * FIBS moves a new player's own rating faster (the boost); this is the mirror: a match against an
 * opponent less experienced than a player (counting at most PROVISIONAL_EXPERIENCE of the player's
 * own) moves the player's rating less, by the opponent's experience over that. A match against an
 * opponent at least as experienced moves it fully, so two new players move as FIBS moves them, and
 * a fresh account lends nothing to anyone who has played. A match won by the opponent's leave or
 * timeout (a forfeit) moves the winner by no more than the leaver's own weight, experience / 400:
 * a forfeit is no evidence of play, so throwaway accounts that leave lend their opponent nothing
 * (the farm of docs/architecture.md "Limits on new matches and rating farming"). Pure.
 */
import { rateMatch, type RatedMatchOutcome, type Standing } from './fibs-rating.js';

/** The experience from which a rating is established: FIBS's boost max(1, 5 - experience/100) is 1 from there. */
export const PROVISIONAL_EXPERIENCE = 400;

/** Whether a rating with this experience is provisional. */
export function isProvisional(experience: number): boolean {
  return experience < PROVISIONAL_EXPERIENCE;
}

/**
 * How much of its FIBS move a player with `experience` takes from a match against an opponent with
 * `opponentExperience` (both before the match): all of it against an opponent at least as
 * experienced as the player, whose own experience counts up to PROVISIONAL_EXPERIENCE; else the
 * opponent's experience over the player's (so capped). From 0 to 1, never less against a more
 * experienced opponent, and 1 whenever the opponent is established.
 */
export function moveWeight(experience: number, opponentExperience: number): number {
  const yardstick = Math.min(experience, PROVISIONAL_EXPERIENCE);
  return opponentExperience >= yardstick ? 1 : opponentExperience / yardstick;
}

/**
 * The weight of a player who left a rated match (or let its clock run out) as their opponent's
 * evidence: experience / PROVISIONAL_EXPERIENCE, at most 1. The winner of a forfeit takes no more
 * of its FIBS move than this.
 */
export function forfeitWeight(leaverExperience: number): number {
  return Math.min(1, leaverExperience / PROVISIONAL_EXPERIENCE);
}

/**
 * How a rated match ended, as the ratings weigh it: played to its end on points (resignations
 * included), or a forfeit, won by the opponent's leave or timeout (after both made the real
 * decisions that rate it; docs/rules.md "Ratings").
 */
export type RatedEnding = 'played' | 'forfeit';

/**
 * The standings after a rated match to `length` points that `winner` won from `loser` (as they stood
 * before it): the FIBS formula, each rating's move weighted by moveWeight, and the winner's of a
 * forfeit by the loser's forfeitWeight too when that is less.
 */
export function rateRatedMatch(
  winner: Standing,
  loser: Standing,
  length: number,
  ending: RatedEnding,
): RatedMatchOutcome {
  const played = moveWeight(winner.experience, loser.experience);
  return rateMatch(winner, loser, length, {
    winner: ending === 'forfeit' ? Math.min(played, forfeitWeight(loser.experience)) : played,
    loser: moveWeight(loser.experience, winner.experience),
  });
}

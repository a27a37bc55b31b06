import type { HouseBot, UserKind } from '../house-bots/index.js';
import type { Language } from '../common/languages.js';

/** A registered account (a player's or a bot's), as the use cases see it. */
export interface User {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  /** FIBS rating: 1500 to start (docs/rules.md "Ratings"). */
  readonly rating: number;
  /** The sum of the lengths of the rated matches played. */
  readonly experience: number;
  /** The record of rated matches. */
  readonly record: PlayerRecord;
  /** Play a roll's only legal play at once, as the player's own play. */
  readonly autoPlayForced: boolean;
  /** The language chosen for the web client and the API's messages; null until chosen (the browser's then). */
  readonly language: Language | null;
  /** Carried by every bearer token issued; raising it ends the tokens issued before (TokenVersions). */
  readonly tokenVersion: number;
  /** Who plays the account: a person, or a program (docs/bots.md). */
  readonly kind: UserKind;
  /** The house bot this account is, played by the service itself; null for every other account. */
  readonly houseBot: HouseBot | null;
  readonly createdAt: Date;
}

/**
 * Rated matches won and lost, and the gammons and backgammons (mars and koks) among their games;
 * and the rated matches the player left before both players made their real decisions, which
 * ended unrated (docs/rules.md "Ratings").
 */
export interface PlayerRecord {
  readonly matchesWon: number;
  readonly matchesLost: number;
  readonly gammonsWon: number;
  readonly gammonsLost: number;
  readonly backgammonsWon: number;
  readonly backgammonsLost: number;
  readonly abortedByLeave: number;
}

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
  /** What the account may do beyond playing (docs/moderation.md, "Roles"). */
  readonly role: Role;
  /** Its mute, ban, forced rename and closing, as they were written (AccountStanding reads what holds now). */
  readonly state: AccountState;
  readonly createdAt: Date;
}

/** player (every account at first), moderator, admin (docs/moderation.md, "Roles"). */
export const ROLES = ['player', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** A mute or ban from `since` until `until` (null: until lifted). */
export interface Sanction {
  readonly since: Date;
  readonly until: Date | null;
}

/** What a moderator or the player did to the account, as stored. */
export interface AccountState {
  readonly mute: Sanction | null;
  readonly ban: (Sanction & { readonly reason: string }) | null;
  /** A moderator renamed it: the next sign-in must choose a new name. */
  readonly renameRequired: boolean;
  /** When the player closed it; null while open. */
  readonly closedAt: Date | null;
  /** When the player last saw their warnings (those after it are shown; docs/moderation.md); null: never. */
  readonly warningsSeenAt: Date | null;
}

/** Whether a mute or ban holds at `now`: started and not yet ended. */
export function inForce(sanction: Sanction | null, now: Date): boolean {
  return (
    sanction !== null &&
    sanction.since.getTime() <= now.getTime() &&
    (sanction.until === null || sanction.until.getTime() > now.getTime())
  );
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

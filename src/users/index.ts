/**
 * The users module's face (docs/architecture.md, Layers): accounts (players' and bots'), their
 * ratings and records, usernames. Code outside src/users imports from this file only
 * (src/architecture.spec.ts checks it).
 */
export { UsersModule } from './users.module.js';

// Accounts: the record, the repository, the refusal of an unknown one, the rule of a username.
export { ROLES, inForce, isRole, type Role, type Sanction, type AccountState, type User } from './user.js';
export { UsersRepository } from './users.repository.js';
// Blocks between players (docs/community.md, "Blocks").
export { BlocksRepository } from './blocks/blocks.repository.js';
export { UserNotFoundError, UsernameTakenError } from './user.errors.js';
// An account's role and standing as the moderators' tools change them (docs/moderation.md), and the
// warnings the account's own view shows, read from moderation's log.
export * as accountStanding from './account-standing.repository.js';
export type { RefundDue } from './account-standing.repository.js';
export { AccountWarnings, type AccountWarning, type WarningsSource } from './account-warnings.js';
export { USERNAME_PATTERN, USERNAME_RULE, usernameKey } from './username.js';
export { UsernameParamPipe } from './username.pipe.js';
export { BlocksService, BLOCKS_PER_ACCOUNT } from './blocks/blocks.service.js';
export { BlockedError } from './blocks/blocks.errors.js';
export { notBlockedBySql } from './blocks/block-statements.js';
// Closing an account (docs/accounts.md, "Closing"): its row's statement, its refusals.
export { ACCOUNT_CLOSED, AccountClosingRepository } from './account-closing.repository.js';
export { AccountClosedError, WrongPasswordError } from './user.errors.js';
// An account's rating adjustments, for the export of its data.
export { RatingAdjustmentsOf, type RatingAdjustmentOf } from './rating-adjustments-of.repository.js';

// Ratings: a rated match's result as the ratings change by it.
export type { Standing } from './fibs-rating.js';
export { rateRatedMatch } from './provisional-rating.js';

// Statements on the users' table that other modules run in theirs: a per-account cap's lock, an
// account as a party of a statement, the accounts' languages and the players in a ratings window.
export {
  ACCOUNT_PEOPLE_SQL,
  RATING_WINDOW_PLAYERS_SQL,
  accountLanguageSql,
  accountPartySql,
  accountSeatSql,
  joinAccountSql,
  lockAccountSql,
} from './account-statements.js';

// Effects of a match's append on its players (docs/architecture.md, "The versioned-log writer").
export { seatApplier, seatSql, type RatedPairSlot, type SeatEffect } from './seat.effect.js';
export { SeatChangedError } from './seat-changed.error.js';
export {
  abortedByLeaveApplier,
  ratedEndApplier,
  type AbortedByLeaveEffect,
  type RatedEndEffect,
} from './rating.effects.js';

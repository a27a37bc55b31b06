/**
 * The users module's face (docs/architecture.md, Layers): accounts (players' and bots'), their
 * ratings and records, usernames. Code outside src/users imports from this file only
 * (src/architecture.spec.ts checks it).
 */
export { UsersModule } from './users.module.js';

// Accounts: the record, the repository, the refusal of an unknown one, the rule of a username.
export type { User } from './user.js';
export { UsersRepository } from './users.repository.js';
export { UserNotFoundError } from './user.errors.js';
export { USERNAME_PATTERN, USERNAME_RULE } from './username.js';

// Ratings: a rated match's result as the ratings change by it.
export type { Standing } from './fibs-rating.js';
export { rateRatedMatch } from './provisional-rating.js';

// Effects of a match's append on its players (docs/architecture.md, "The versioned-log writer").
export { seatApplier, seatSql, type RatedPairSlot, type SeatEffect } from './seat.effect.js';
export { SeatChangedError } from './seat-changed.error.js';
export {
  abortedByLeaveApplier,
  ratedEndApplier,
  type AbortedByLeaveEffect,
  type RatedEndEffect,
} from './rating.effects.js';

/**
 * The accounts module's face (docs/accounts.md): an account's departure (a ban's or a closing's: its
 * challenges withdrawn, its matches left, its tournament entries withdrawn, its tokens ended) and the
 * closing of an account by its player. Code outside src/accounts imports from this file only.
 */
export { AccountsModule } from './accounts.module.js';
export { AccountDeparture, type DepartureCause, type DepartureCounts } from './account-departure.js';

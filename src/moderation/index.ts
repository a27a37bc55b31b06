/**
 * The moderation module's face (docs/moderation.md): roles, the report queue, the moderators' actions
 * and their append-only log. Code outside src/moderation imports from this file only.
 */
// The actions on an account, moderators unnamed, for the export of its data (docs/accounts.md, "Your data").
export { ActionsOnAccount, type ActionOnAccount } from './actions-on-account.repository.js';

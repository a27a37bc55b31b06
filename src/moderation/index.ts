/**
 * The moderation module's face (docs/moderation.md): roles, the report queue, the moderators' actions
 * and their append-only log. Code outside src/moderation imports from this file only.
 */
export { ModerationModule } from './moderation.module.js';
// The log as its consumers read it (the notifications' mails of the actions, the account's export).
export { ModerationLogRepository, MODERATION_ACTION_MESSAGE } from './moderation-log.repository.js';
export type { LoggedAction, ModerationEntry, UserAction } from './moderation-action.js';
// The actions on an account, moderators unnamed, for the export of its data (docs/accounts.md, "Your data").
export { ActionsOnAccount, type ActionOnAccount } from './actions-on-account.repository.js';

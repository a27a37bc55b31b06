import { InvalidFieldError, refusal } from '../common/domain-error.js';

/** A moderators' route called by an account that is neither moderator nor admin (docs/moderation.md, "Roles"). */
export class NotAModeratorError extends refusal({
  code: 'not-a-moderator',
  kind: 'forbidden',
  message: 'Only moderators and admins may do this.',
}) {}

/** An admins' route called by an account that is not an admin (docs/moderation.md, "Roles"). */
export class NotAnAdminError extends refusal({
  code: 'not-an-admin',
  kind: 'forbidden',
  message: 'Only admins may do this.',
}) {}

/**
 * An action on an account the caller may not act on (docs/moderation.md, "Who may act on whom"):
 * their own, an admin's, another moderator's (unless the caller is an admin), or a house bot's.
 */
export class CannotModerateError extends refusal({
  code: 'cannot-moderate',
  kind: 'forbidden',
  message: (why: string) => why,
}) {}

/** `days` sent with an action that does not take it (warn, rename, lift). */
export class DaysNotAllowedError extends InvalidFieldError {
  readonly code = 'days-not-allowed';
  constructor(action: string) {
    super(`A ${action} takes no days: only mute, ban and mark-cheater last for a number of days.`, 'days');
  }
}

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

/** A role granted over the API that is not moderator (an admin is made at the command line only). */
export class NotARoleError extends InvalidFieldError {
  readonly code = 'invalid-role';
  constructor() {
    super('Only the moderator role is granted over the API; an admin is made at the command line.', 'role');
  }
}

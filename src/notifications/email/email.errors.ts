import { DomainError, refusal } from '../../common/domain-error.js';

/** A refusal of the `token` of a mail's link or code (400, the problem's `field` naming `token`), with its text. */
function tokenRefusal<const C extends string>(code: C, message: string) {
  return refusal({ code, kind: 'invalid', message, extensions: () => ({ field: 'token' }) });
}

/**
 * A token from a mail that does nothing (docs/email.md): unknown, expired, used before, or not the
 * caller's. One answer for all, so it tells nothing of which.
 */
export class InvalidEmailTokenError extends tokenRefusal(
  'invalid-token',
  'The token is not valid: it may be mistyped, expired or used already. Ask for a new mail.',
) {}

/** An account that asked for more verification mails than the hourly limit. */
export class TooManyMailsError extends DomainError {
  readonly code = 'too-many-mails';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds: number;
  constructor(limit: number, retryAfterSeconds: number) {
    super(`At most ${limit} verification mails an hour; try again later.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A one-click unsubscribe link that is not one the service made. */
export class InvalidUnsubscribeTokenError extends tokenRefusal(
  'invalid-unsubscribe-token',
  'This unsubscribe link is not valid; change your preferences while signed in.',
) {}

/**
 * A one-click unsubscribe link the service made, but longer ago than UNSUBSCRIBE_LINK_DAYS (or
 * before links carried their time): it changes nothing (docs/email.md, "Unsubscribing").
 */
export class ExpiredUnsubscribeTokenError extends tokenRefusal(
  'expired-unsubscribe-token',
  'This unsubscribe link has expired; change your preferences while signed in.',
) {}

import { DomainError, InvalidFieldError } from '../../common/domain-error.js';

/**
 * A token from a mail that does nothing (docs/email.md): unknown, expired, used before, or not the
 * caller's. One answer for all, so it tells nothing of which.
 */
export class InvalidEmailTokenError extends InvalidFieldError {
  readonly code = 'invalid-token';
  constructor() {
    super('The token is not valid: it may be mistyped, expired or used already. Ask for a new mail.', 'token');
  }
}

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
export class InvalidUnsubscribeTokenError extends InvalidFieldError {
  readonly code = 'invalid-unsubscribe-token';
  constructor() {
    super('This unsubscribe link is not valid; change your preferences while signed in.', 'token');
  }
}

/**
 * A one-click unsubscribe link the service made, but longer ago than UNSUBSCRIBE_LINK_DAYS (or
 * before links carried their time): it changes nothing (docs/email.md, "Unsubscribing").
 */
export class ExpiredUnsubscribeTokenError extends InvalidFieldError {
  readonly code = 'expired-unsubscribe-token';
  constructor() {
    super('This unsubscribe link has expired; change your preferences while signed in.', 'token');
  }
}

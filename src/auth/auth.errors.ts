import { DomainError, InvalidFieldError } from '../common/domain-error.js';

export class InvalidCredentialsError extends DomainError {
  readonly code = 'invalid-credentials';
  readonly kind = 'unauthenticated';
  constructor() {
    super('Wrong username or password.');
  }
}

/**
 * A refresh token that gives no new token (docs/architecture.md, "Refresh tokens"): unknown, idle
 * too long, ended by logging out everywhere or a new password, or used before (then its whole family ends).
 */
export class InvalidRefreshTokenError extends DomainError {
  readonly code = 'invalid-refresh-token';
  readonly kind = 'unauthenticated';
}

/** A refresh with no refresh token at all, in the body or the cookie: bad input (400), not bad credentials. */
export class MissingRefreshTokenError extends InvalidFieldError {
  readonly code = 'missing-refresh-token';
  constructor() {
    super('No refresh token: send refreshToken in the body, or the nardy_refresh cookie.', 'refreshToken');
  }
}

import { InvalidFieldError, refusal } from '../common/domain-error.js';

export class InvalidCredentialsError extends refusal({
  code: 'invalid-credentials',
  kind: 'unauthenticated',
  message: 'Wrong username or password.',
}) {}

/**
 * A refresh token that gives no new token (docs/architecture.md, "Refresh tokens"): unknown, idle
 * too long, ended by logging out everywhere or a new password, or used before (then its whole family ends).
 */
export class InvalidRefreshTokenError extends refusal({
  code: 'invalid-refresh-token',
  kind: 'unauthenticated',
  message: (message: string) => message,
}) {}

/** A refresh with no refresh token at all, in the body or the cookie: bad input (400), not bad credentials. */
export class MissingRefreshTokenError extends InvalidFieldError {
  readonly code = 'missing-refresh-token';
  constructor() {
    super('No refresh token: send refreshToken in the body, or the nardy_refresh cookie.', 'refreshToken');
  }
}

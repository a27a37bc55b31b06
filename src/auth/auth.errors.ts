import { DomainError } from '../common/domain-error.js';

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

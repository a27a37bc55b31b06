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

/**
 * Sign-in or refresh of an account under a ban in force (docs/moderation.md, "Bans"): its reason, and
 * when it ends (null: until a moderator lifts it).
 */
export class AccountBannedError extends refusal({
  code: 'account-banned',
  kind: 'forbidden',
  message: (reason: string, until: Date | null) =>
    until === null
      ? `This account is banned: ${reason}`
      : `This account is banned until ${until.toISOString()}: ${reason}`,
  extensions: (reason: string, until: Date | null) => ({ reason, until: until?.toISOString() ?? null }),
}) {}

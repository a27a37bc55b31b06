import { DomainError, InvalidFieldError } from '../common/domain-error.js';

export class UsernameTakenError extends DomainError {
  readonly code = 'username-taken';
  readonly kind = 'conflict';
  constructor(username: string) {
    super(`The username "${username}" is taken (usernames are unique regardless of case).`);
  }
}

export class UserNotFoundError extends DomainError {
  readonly code = 'user-not-found';
  readonly kind = 'not-found';
  constructor(username: string) {
    super(`There is no user "${username}".`);
  }
}

/** A password change whose current password is not the account's (the token alone does not change it). */
export class WrongPasswordError extends DomainError {
  readonly code = 'wrong-password';
  readonly kind = 'forbidden';
  constructor() {
    super('The current password is wrong; the password is unchanged.');
  }
}

/** An account that has played cannot become a bot account (docs/bots.md, "Outside bots"). */
export class AccountHasPlayedError extends DomainError {
  readonly code = 'account-has-played';
  readonly kind = 'conflict';
  constructor(username: string) {
    super(
      `Only an account that has never played can become a bot account; ${username} has taken a seat in a match or has rated experience. Register a new account for the bot.`,
    );
  }
}

/** An account holds at most `limit` personal API tokens (docs/architecture.md, "Personal API tokens"). */
export class TooManyApiTokensError extends DomainError {
  readonly code = 'too-many-api-tokens';
  readonly kind = 'conflict';
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(limit: number) {
    super(`An account holds at most ${limit} personal API tokens; revoke one first.`);
    this.extensions = { limit };
  }
}

/** No personal API token of the caller's account has this id (never made, revoked, or another account's). */
export class ApiTokenNotFoundError extends DomainError {
  readonly code = 'api-token-not-found';
  readonly kind = 'not-found';
  constructor() {
    super('Your account has no personal API token with this id.');
  }
}

/** A personal API token's expiry that is not in the future. */
export class ApiTokenExpiryError extends InvalidFieldError {
  readonly code = 'invalid-expiry';
  constructor() {
    super('expiresAt must be in the future.', 'expiresAt');
  }
}

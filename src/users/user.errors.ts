import { InvalidFieldError, refusal } from '../common/domain-error.js';

export class UsernameTakenError extends refusal({
  code: 'username-taken',
  kind: 'conflict',
  message: (username: string) => `The username "${username}" is taken (usernames are unique regardless of case).`,
}) {}

export class UserNotFoundError extends refusal({
  code: 'user-not-found',
  kind: 'not-found',
  message: (username: string) => `There is no user "${username}".`,
}) {}

/** A closed account (docs/accounts.md, "Closing"): its profile is gone, and it cannot be invited. */
export class AccountClosedError extends refusal({
  code: 'account-closed',
  kind: 'gone',
  message: (username: string) => `The account "${username}" is closed; its name stays reserved.`,
}) {}

/** A password change whose current password is not the account's (the token alone does not change it). */
export class WrongPasswordError extends refusal({
  code: 'wrong-password',
  kind: 'forbidden',
  message: 'The current password is wrong; the password is unchanged.',
}) {}

/** An account that has played cannot become a bot account (docs/bots.md, "Outside bots"). */
export class AccountHasPlayedError extends refusal({
  code: 'account-has-played',
  kind: 'conflict',
  message: (username: string) =>
    `Only an account that has never played can become a bot account; ${username} has taken a seat in a match or has rated experience. Register a new account for the bot.`,
}) {}

/** An account holds at most `limit` personal API tokens (docs/architecture.md, "Personal API tokens"). */
export class TooManyApiTokensError extends refusal({
  code: 'too-many-api-tokens',
  kind: 'conflict',
  message: (limit: number) => `An account holds at most ${limit} personal API tokens; revoke one first.`,
  extensions: (limit: number) => ({ limit }),
}) {}

/** No personal API token of the caller's account has this id (never made, revoked, or another account's). */
export class ApiTokenNotFoundError extends refusal({
  code: 'api-token-not-found',
  kind: 'not-found',
  message: 'Your account has no personal API token with this id.',
}) {}

/** A personal API token's expiry that is not in the future. */
export class ApiTokenExpiryError extends InvalidFieldError {
  readonly code = 'invalid-expiry';
  constructor() {
    super('expiresAt must be in the future.', 'expiresAt');
  }
}

/** A new name chosen by an account no moderator renamed (docs/moderation.md, "Rename"): names change only so. */
export class RenameNotRequiredError extends refusal({
  code: 'rename-not-required',
  kind: 'conflict',
  message: 'Your account may not change its name: only an account a moderator renamed chooses a new one.',
}) {}

import { DomainError } from '../common/domain-error.js';

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

import { DomainError } from '../common/domain-error.js';

export class InvalidCredentialsError extends DomainError {
  readonly code = 'invalid-credentials';
  readonly kind = 'unauthenticated';
  constructor() {
    super('Wrong username or password.');
  }
}

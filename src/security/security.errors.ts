import { DomainError } from '../common/domain-error.js';

/** The caller is not authenticated: no bearer token, or one that is not valid (any more). */
export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';
  readonly kind = 'unauthenticated';
}

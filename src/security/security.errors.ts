import { DomainError, InvalidFieldError } from '../common/domain-error.js';

/** The caller is not authenticated: no bearer token, or one that is not valid (any more). */
export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';
  readonly kind = 'unauthenticated';
}

/**
 * A password the password policy refuses (password-policy.ts): too common, or containing the
 * username. `field` names the request's field (`password`, `newPassword`).
 */
export class WeakPasswordError extends InvalidFieldError {
  readonly code = 'weak-password';
}

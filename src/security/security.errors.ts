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

/**
 * A personal API token on a route its scopes do not grant, or one for sign-in tokens only
 * (docs/architecture.md, "Personal API tokens"). `scope` names the scope needed, or is null
 * when no personal token may use the route.
 */
export class InsufficientScopeError extends DomainError {
  readonly code = 'insufficient-scope';
  readonly kind = 'forbidden';
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(scope: string | null) {
    super(
      scope === null
        ? 'A personal API token may not do this; sign in (POST /api/auth/token) and use that token.'
        : `This personal API token lacks the scope "${scope}" this needs.`,
    );
    this.extensions = { scope };
  }
}

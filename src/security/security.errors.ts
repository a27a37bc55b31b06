import { InvalidFieldError, refusal } from '../common/domain-error.js';

/** The caller is not authenticated: no bearer token, or one that is not valid (any more). */
export class UnauthorizedError extends refusal({
  code: 'unauthorized',
  kind: 'unauthenticated',
  message: (message: string) => message,
}) {}

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
export class InsufficientScopeError extends refusal({
  code: 'insufficient-scope',
  kind: 'forbidden',
  message: (scope: string | null) =>
    scope === null
      ? 'A personal API token may not do this; sign in (POST /api/auth/token) and use that token.'
      : `This personal API token lacks the scope "${scope}" this needs.`,
  extensions: (scope: string | null) => ({ scope }),
}) {}

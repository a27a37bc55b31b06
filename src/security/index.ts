/**
 * The security module's face (docs/architecture.md, Layers): bearer tokens and the guards, the
 * current principal, personal API tokens and their scopes, token versions and the revoked refresh
 * families every node refuses, password hashing and policy, rate limits. Code outside
 * src/security imports from this file only (src/architecture.spec.ts checks it).
 */
export { SecurityModule } from './security.module.js';

// Who calls: the guards, and the principal they put on the request.
export { BearerAuthGuard } from './bearer-auth.guard.js';
export { OptionalBearerAuthGuard } from './optional-bearer-auth.guard.js';
export { CurrentPrincipal, OptionalPrincipal, type Principal, type RequestWithPrincipal } from './principal.js';
export { UnauthorizedError } from './security.errors.js';
export { RateLimited } from './rate-limits.js';

// Personal API tokens: their scopes, the routes' scope marks, the secrets and the rows.
export {
  API_TOKEN_SCOPES,
  NEEDS_PLAY_SCOPE,
  RequiresScope,
  SignInTokenOnly,
  type ApiTokenScope,
} from './api-token-scopes.js';
export { apiTokenHash, newApiTokenValue } from './api-token-secret.js';
export { ApiTokensRepository, type ApiToken } from './api-tokens.repository.js';

// What ends a token early: a raised token version, a revoked refresh family (and the live streams they end).
export { TokenVersions } from './token-versions.js';
export { RevokedFamilies } from './revoked-families.js';
// The statements on its table of revoked families that auth runs in its own (docs/architecture.md, "Refresh tokens").
export { PURGE_REVOKED_FAMILIES_SQL, REVOKE_GONE_FAMILIES_SQL } from './revoked-families.repository.js';
export { TokenWatch } from './token-watch.js';

// Secrets and passwords.
export { randomSecret, secretHash } from './opaque-secret.js';
export { PasswordHasher } from './password-hasher.js';
export { PASSWORD_RULE, PasswordPolicy } from './password-policy.js';
export { NewPassword } from './new-password.decorator.js';
export { AccountRoutes } from './account-routes.js';

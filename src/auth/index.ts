/**
 * The auth module's face (docs/architecture.md, "Refresh tokens"): password login, and the refresh
 * token families a password reset ends. Code outside src/auth imports from this file only
 * (src/architecture.spec.ts checks it).
 */
export { AuthModule } from './auth.module.js';
export { RefreshTokensRepository } from './refresh-tokens.repository.js';

import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Environment } from '../config/environment.js';
import { resolveJwtSecret } from '../config/jwt-secret.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';
import { OptionalBearerAuthGuard } from './optional-bearer-auth.guard.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordPolicy } from './password-policy.js';
import { rateLimitThrottlers } from './rate-limits.js';
import { RevokedFamilies } from './revoked-families.js';
import { RevokedFamiliesRepository } from './revoked-families.repository.js';
import { TokenVersions } from './token-versions.js';
import { TokenVersionsRepository } from './token-versions.repository.js';
import { TokenWatch } from './token-watch.js';

/** What the module offers the others (all it provides but the repositories of its own tables), with JwtModule. */
const OFFERED = [
  ApiTokensRepository,
  PasswordHasher,
  PasswordPolicy,
  BearerAuthGuard,
  OptionalBearerAuthGuard,
  RevokedFamilies,
  TokenVersions,
  TokenWatch,
];

/**
 * What guards routes and keeps passwords, for every feature module that does:
 * bearer tokens (JwtModule, BearerAuthGuard, and TokenVersions, which ends
 * the tokens of an account at once; RevokedFamilies, which ends those of a
 * refresh family whose token was used twice; TokenWatch, which ends what they let in,
 * live streams; personal API tokens, ApiTokensRepository), password hashing (PasswordHasher), the rule new passwords
 * are held to (PasswordPolicy)
 * and per-client rate limits (ThrottlerModule; see RateLimited).
 * It imports no feature module, so feature modules can all depend on it.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        // A KeyObject made once: given a string, jsonwebtoken tries it as a PEM public key on every
        // verify (crypto.createPublicKey, which fails) before making a secret key of it.
        secret: createSecretKey(
          Buffer.from(
            resolveJwtSecret(config.get('JWT_SECRET', { infer: true }), config.get('DATA_DIR', { infer: true })),
            'utf8',
          ),
        ),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
    ThrottlerModule.forRootAsync({ inject: [ConfigService], useFactory: rateLimitThrottlers }),
  ],
  providers: [...OFFERED, RevokedFamiliesRepository, TokenVersionsRepository],
  exports: [...OFFERED, JwtModule],
})
export class SecurityModule {}

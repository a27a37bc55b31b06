import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import type { Environment } from '../config/environment.js';
import { resolveJwtSecret } from '../config/jwt-secret.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';
import { PasswordHasher } from './password-hasher.js';

/** Token signing/verification and password hashing, for every module that guards routes or keeps passwords. */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        secret: resolveJwtSecret(config.get('JWT_SECRET', { infer: true }), config.get('DATA_DIR', { infer: true })),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  providers: [PasswordHasher, BearerAuthGuard],
  exports: [PasswordHasher, BearerAuthGuard, JwtModule],
})
export class SecurityModule {}

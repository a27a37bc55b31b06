import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { RefreshTokenPurger } from './refresh-token-purger.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** Password login and refresh tokens: bearer tokens for registered users. */
@Module({
  imports: [UsersModule, SecurityModule],
  controllers: [AuthController],
  providers: [AuthService, RefreshTokensRepository, RefreshTokenPurger],
  // The password reset (src/notifications/email) ends the refresh tokens as logging out everywhere does.
  exports: [RefreshTokensRepository],
})
export class AuthModule {}

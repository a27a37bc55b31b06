import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { IdempotencyModule } from '../idempotency/index.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { TournamentsModule } from '../tournaments/index.js';
import { UsersModule } from '../users/index.js';
import { AccountClosing } from './account-closing.js';
import { AccountDeparture } from './account-departure.js';
import { AccountsController } from './accounts.controller.js';

/** An account's departure and its closing (docs/accounts.md). */
@Module({
  imports: [UsersModule, SecurityModule, AuthModule, MatchesModule, TournamentsModule, IdempotencyModule],
  controllers: [AccountsController],
  providers: [AccountDeparture, AccountClosing],
  exports: [AccountDeparture],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { IdempotencyModule } from '../idempotency/index.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { TournamentsModule } from '../tournaments/index.js';
import { UsersModule } from '../users/index.js';
import { AccountDeparture } from './account-departure.js';

/** An account's departure and its closing (docs/accounts.md). */
@Module({
  imports: [UsersModule, SecurityModule, AuthModule, MatchesModule, TournamentsModule, IdempotencyModule],
  providers: [AccountDeparture],
  exports: [AccountDeparture],
})
export class AccountsModule {}

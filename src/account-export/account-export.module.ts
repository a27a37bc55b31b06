import { Module } from '@nestjs/common';
import { ActionsOnAccount } from '../moderation/index.js';
import { MessagesOfAuthor, ReportsOfReporter } from '../community/index.js';
import { MatchesModule } from '../matches/index.js';
import { AccountAddressesRepository } from '../notifications/index.js';
import { SecurityModule } from '../security/index.js';
import { RatingAdjustmentsOf, UsersModule } from '../users/index.js';
import { AccountExportController } from './account-export.controller.js';
import { AccountExportService } from './account-export.service.js';
import { AccountExportsRepository } from './account-exports.repository.js';

/**
 * The export of an account's data (docs/accounts.md, "Your data"). The small readers of the modules
 * that hold a part (community, moderation, users, notifications: each its own table's statement,
 * exported by its face) are provided here, on the service's pool.
 */
@Module({
  imports: [UsersModule, SecurityModule, MatchesModule],
  controllers: [AccountExportController],
  providers: [
    AccountExportService,
    AccountExportsRepository,
    AccountAddressesRepository,
    MessagesOfAuthor,
    ReportsOfReporter,
    ActionsOnAccount,
    RatingAdjustmentsOf,
  ],
})
export class AccountExportModule {}

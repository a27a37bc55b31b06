import { Module } from '@nestjs/common';
import { ActionsOnAccount } from '../moderation/index.js';
import { CommunityModule } from '../community/index.js';
import { MatchesModule } from '../matches/index.js';
import { AccountAddressesRepository } from '../notifications/index.js';
import { SecurityModule } from '../security/index.js';
import { RatingAdjustmentsOf, UsersModule } from '../users/index.js';
import { AccountExportController } from './account-export.controller.js';
import { AccountExportService } from './account-export.service.js';
import { AccountExportsRepository } from './account-exports.repository.js';

/**
 * The export of an account's data (docs/accounts.md, "Your data"). Community's readers come with its
 * module; the small readers of the other modules that hold a part (moderation, users, notifications:
 * each its own table's statement, exported by its face) are provided here, on the service's pool.
 */
@Module({
  imports: [UsersModule, SecurityModule, MatchesModule, CommunityModule],
  controllers: [AccountExportController],
  providers: [
    AccountExportService,
    AccountExportsRepository,
    AccountAddressesRepository,
    ActionsOnAccount,
    RatingAdjustmentsOf,
  ],
})
export class AccountExportModule {}

import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/index.js';
import { AuthModule } from '../auth/index.js';
import { CommunityModule } from '../community/index.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { ModerationController } from './http/moderation.controller.js';
import { ModeratorsController } from './http/moderators.controller.js';
import { OwnModerationController } from './http/own-moderation.controller.js';
import { ModerationLogRepository } from './moderation-log.repository.js';
import { ModerationLogService } from './moderation-log.service.js';
import { ModerationService } from './moderation.service.js';
import { ModeratorsService } from './moderators.service.js';
import { RolesGuard } from './roles.guard.js';
import { ReportQueueController } from './http/report-queue.controller.js';
import { ReportQueueService } from './report-queue.service.js';
import { TargetDoingsRepository } from './target-doings.repository.js';

/** Roles, the moderators' actions and their append-only log (docs/moderation.md). */
@Module({
  imports: [UsersModule, SecurityModule, AuthModule, MatchesModule, AccountsModule, CommunityModule],
  controllers: [ModerationController, ModeratorsController, OwnModerationController, ReportQueueController],
  providers: [
    ModerationService,
    ModeratorsService,
    ModerationLogService,
    ModerationLogRepository,
    ReportQueueService,
    TargetDoingsRepository,
    RolesGuard,
  ],
  exports: [ModerationLogRepository],
})
export class ModerationModule {}

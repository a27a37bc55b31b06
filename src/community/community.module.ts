import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { MatchMessagesController } from './messages/match-messages.controller.js';
import { MatchMessagesRepository } from './messages/match-messages.repository.js';
import { MatchMessagesService } from './messages/match-messages.service.js';
import { MessagesOfAuthor } from './messages/messages-of-author.repository.js';
import { ReportCasesService } from './reports/report-cases.service.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { ReportsService } from './reports/reports.service.js';

/** What players say to and of each other (docs/community.md): match messages, reports. */
@Module({
  imports: [SecurityModule, UsersModule, MatchesModule],
  controllers: [MatchMessagesController, ReportsController],
  providers: [
    MatchMessagesService,
    MatchMessagesRepository,
    MessagesOfAuthor,
    ReportsRepository,
    ReportsService,
    ReportCasesService,
  ],
  exports: [ReportCasesService, MessagesOfAuthor],
})
export class CommunityModule {}

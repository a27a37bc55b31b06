import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { ReportCasesService } from './reports/report-cases.service.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { ReportsService } from './reports/reports.service.js';

/** The players' community (docs/community.md): reports. */
@Module({
  imports: [SecurityModule, UsersModule, MatchesModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, ReportCasesService],
  exports: [ReportCasesService],
})
export class CommunityModule {}

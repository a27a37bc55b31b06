import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { CurrentPrincipal, type Principal } from '../../security/index.js';
import { ReportQueueService } from '../report-queue.service.js';
import { NeedsRole } from '../roles.guard.js';
import { CloseReportDto, ReportCaseDto, ReportCasePageDto, ReportQueueQueryDto } from './dto/report-case.dto.js';

const NOT_A_MODERATOR: [number, string] = [
  403,
  'The caller is neither moderator nor admin (`not-a-moderator`), or a personal API token (`insufficient-scope`).',
];

/** The moderators' report queue (docs/moderation.md, "The report queue"). */
@ApiTags('moderation')
@Controller('api/moderation/reports')
@NeedsRole('moderator')
export class ReportQueueController {
  constructor(private readonly queue: ReportQueueService) {}

  @Get()
  @ApiRoute({
    summary: 'The report queue: open (or closed) cases, the latest filing first',
    operationId: 'listReportCases',
    description:
      'Moderators and admins. Each case: its filings (one reporter’s reports about one player while open), the ' +
      'reported player’s standing, their last 10 matches and last 20 messages, and the moderators’ last 20 actions on them.',
    ok: ReportCasePageDto,
    problems: [[400, 'Invalid query (`validation-failed`, `invalid-cursor`).'], 401, NOT_A_MODERATOR],
  })
  list(@Query() query: ReportQueueQueryDto): Promise<ReportCasePageDto> {
    return this.queue.page(query.status ?? 'open', query.cursor, query.limit ?? 20);
  }

  @Post(':id/close')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Close a report case',
    operationId: 'closeReportCase',
    description:
      'Moderators and admins. The case is closed with its resolution, and the closing logged (`close-report`) on ' +
      'the reported player. A later report of the same reporter about the same player opens a new case.',
    ok: { type: ReportCaseDto, description: 'The case, closed.' },
    problems: [
      [400, 'Invalid request (`validation-failed`: a resolution missing, blank or over 2000 characters).'],
      413,
      415,
      401,
      NOT_A_MODERATOR,
      [404, 'No such case (`report-not-found`).'],
      [409, 'The case is closed already (`report-closed`).'],
    ],
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  close(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: CloseReportDto,
  ): Promise<ReportCaseDto> {
    return this.queue.close(principal.userId, id, dto.resolution);
  }
}

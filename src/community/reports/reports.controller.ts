import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { FileReportDto, FiledReportDto } from './dto/file-report.dto.js';
import { REPORTS_PER_DAY, ReportsService } from './reports.service.js';

/** Reporting a player to the moderators (docs/community.md, "Reports"); sign-in tokens only. */
@ApiTags('community')
@UseGuards(BearerAuthGuard)
@ApiBearerAuth()
@Controller('api/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiRoute({
    summary: 'Report a player to the moderators',
    operationId: 'fileReport',
    description:
      'For the moderators’ queue: why (`reason`), and optionally the match the player played and the message ' +
      'they wrote that it is about, and what happened (`text`). A report about a player you reported before, ' +
      'while that report is open, joins it. The player is never told, nor who reported them. ' +
      `At most ${REPORTS_PER_DAY} reports in 24 hours. Personal API tokens may not report.`,
    accepted: { type: FiledReportDto, description: 'Taken: the case it opened or joined.' },
    problems: [
      [
        400,
        'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), the caller ' +
          'themselves (`cannot-report-self`), a match the player did not play (`not-their-match`, with `field`) or ' +
          'a message they did not write (`not-their-message`, with `field`); nothing stored.',
      ],
      ...BODY_PROBLEMS.slice(1),
      401,
      [403, 'A personal API token (`insufficient-scope`, with `scope: null`).'],
      [404, 'No such player (`user-not-found`) or match (`match-not-found`).'],
      [
        429,
        `More than ${REPORTS_PER_DAY} reports in 24 hours (\`too-many-reports\`, with \`limit\`); see Retry-After.`,
      ],
    ],
  })
  file(@CurrentPrincipal() principal: Principal, @Body() dto: FileReportDto): Promise<FiledReportDto> {
    return this.reports.file(principal.userId, dto);
  }
}

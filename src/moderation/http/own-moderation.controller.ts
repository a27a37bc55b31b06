import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { PageQueryDto } from '../../common/page-query.dto.js';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { ModerationLogService } from '../moderation-log.service.js';
import { ModerationLogPageDto } from './dto/moderation-entry.dto.js';

/** The account's own moderation history (docs/moderation.md, "What the player sees"). */
@ApiTags('users')
@Controller('api/users/me/moderation')
@UseGuards(BearerAuthGuard)
@ApiBearerAuth()
export class OwnModerationController {
  constructor(private readonly log: ModerationLogService) {}

  @Get()
  @ApiRoute({
    summary: 'The moderators’ actions on the caller’s account, newest first',
    operationId: 'listOwnModeration',
    description:
      'Every entry of the moderation log on the caller’s account: warnings, mutes, bans, renames, lifts, role ' +
      'changes, with their reasons and ends. The moderators are not named (`moderator` is null).',
    ok: ModerationLogPageDto,
    problems: [[400, 'Invalid query (`validation-failed`, `invalid-cursor`).'], 401],
  })
  own(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<ModerationLogPageDto> {
    return this.log.own(principal.userId, { cursor: query.cursor, limit: query.limit ?? 20 });
  }
}

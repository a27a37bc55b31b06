import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { MyMatchesQueryDto } from './dto/list-query.dto.js';
import { MatchListDto } from './dto/match-history.dto.js';
import type { MatchListView } from '../view/match-history-view.js';
import { MatchHistoryService } from '../read/match-history.service.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** The caller's matches; `awaiting=me` is the correspondence inbox. */
@ApiTags('matches')
@ApiBearerAuth()
@UseGuards(BearerAuthGuard)
@Controller('api/users/me/matches')
export class MyMatchesController {
  constructor(private readonly history: MatchHistoryService) {}

  @Get()
  @ApiRoute({
    summary: 'My matches, newest first; with awaiting=me, those where I must act, soonest deadline first',
    operationId: 'listMyMatches',
    description:
      'Cursor pages of the caller’s matches (seated or invited), newest first. With `awaiting=me`, the inbox: the matches where the caller must act, soonest deadline first.',
    ok: MatchListDto,
    problems: [[400, 'Invalid query (`validation-failed`, `invalid-cursor`).'], 401],
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: MyMatchesQueryDto): Promise<MatchListView> {
    return this.history.mine(principal.userId, query.awaiting === 'me', {
      cursor: query.cursor,
      limit: query.limit ?? 20,
    });
  }
}

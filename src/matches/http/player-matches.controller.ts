import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { PlayerHistoryQueryDto } from './dto/history-query.dto.js';
import { MatchListDto } from './dto/match-history.dto.js';
import type { MatchListView } from '../view/match-history-view.js';
import { MatchHistoryService } from '../read/match-history.service.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** One player's match history: `GET /api/matches?player=` by another path. */
@ApiTags('matches')
@ApiPublic()
@Controller('api/users/:username/matches')
export class PlayerMatchesController {
  constructor(private readonly history: MatchHistoryService) {}

  @Get()
  @ApiParam({ name: 'username' })
  @ApiRoute({
    summary: 'A player’s matches (seated or invited), newest first, with the filters of GET /api/matches',
    operationId: 'listPlayerMatches',
    description:
      'Cursor pages of the matches in which the player is seated or invited, newest first; the filters of GET /api/matches apply.',
    ok: MatchListDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`, `invalid-history-query` with `field`).'],
      [404, 'No such player or opponent (`user-not-found`).'],
    ],
  })
  list(@Param('username') username: string, @Query() query: PlayerHistoryQueryDto): Promise<MatchListView> {
    const { cursor, limit, ...filters } = query;
    return this.history.ofPlayer(username, filters, { cursor, limit: limit ?? 20 });
  }
}

import { Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { HeadToHeadDto } from './dto/head-to-head.dto.js';
import { MatchHistoryService, type HeadToHeadView } from '../read/match-history.service.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** Two players' record against each other. */
@ApiTags('users')
@ApiPublic()
@Controller('api/users/:username/versus/:opponent')
export class VersusController {
  constructor(private readonly history: MatchHistoryService) {}

  @Get()
  @ApiParam({ name: 'username' })
  @ApiParam({ name: 'opponent' })
  @ApiRoute({
    summary: 'The head-to-head record of two players',
    operationId: 'getHeadToHead',
    description:
      'How two players have fared against each other, from the first player’s side: their matches with each other and the results.',
    ok: HeadToHeadDto,
    problems: [[404, 'No such player (`user-not-found`).']],
  })
  versus(@Param('username') username: string, @Param('opponent') opponent: string): Promise<HeadToHeadView> {
    return this.history.versus(username, opponent);
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiPublic } from '../common/api-public.decorator.js';
import { HouseBotListDto } from './dto/house-bot.dto.js';
import { HouseBotsService } from './house-bots.service.js';
import { ApiRoute } from '../common/api-route.decorator.js';

@ApiTags('users')
@ApiPublic()
@Controller('api/house-bots')
export class HouseBotsController {
  constructor(private readonly houseBots: HouseBotsService) {}

  @Get()
  @ApiRoute({
    summary: 'The house bots, and which of them play now',
    operationId: 'listHouseBots',
    description:
      'The bots the service plays itself (docs/bots.md): `bot-easy`, `bot` and `gnubg`, each with the variants it plays and whether it is available now (`gnubg` only where GNU Backgammon is installed). Invite one as `opponent` of POST /api/matches; a person may have BOT_MATCHES_PER_USER matches under way against each.',
    ok: HouseBotListDto,
    problems: [[400, 'No client error of its own: a path that is not valid percent-encoding (`bad-request`).']],
  })
  list(): Promise<HouseBotListDto> {
    return this.houseBots.list();
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { ApiRoute } from '../../common/api-route.decorator.js';
import type { Page } from '../../common/page-cursor.js';
import { MatchIdPipe } from '../../matches/index.js';
import { BearerAuthGuard, CurrentPrincipal, RequiresScope, type Principal } from '../../security/index.js';
import {
  MatchMessageDto,
  MatchMessagePageDto,
  MatchMessagesQueryDto,
  PostMatchMessageDto,
} from './dto/match-message.dto.js';
import type { MatchMessageView } from './match-message.js';
import { MatchMessagesService } from './match-messages.service.js';

const NOT_FOUND: [number, string] = [404, 'No such match (`match-not-found`).'];

/** The messages between a match's two players (docs/community.md, "Match messages"). */
@ApiTags('community')
@ApiBearerAuth()
@UseGuards(BearerAuthGuard)
@ApiParam({ name: 'id', format: 'uuid', description: 'The match.' })
@Controller('api/matches/:id/messages')
export class MatchMessagesController {
  constructor(private readonly messages: MatchMessagesService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequiresScope('play')
  @ApiRoute({
    summary: 'Write to the other player of a match',
    operationId: 'postMatchMessage',
    description:
      'Only the two players write, while the match is under way and for 7 days after its end (an invitation or open challenge not yet accepted takes none). ' +
      'The message reaches the other player at once as a `message` event on the match stream and on their own stream (GET /api/users/me/stream), and as a notification of kind `message` by their preferences. ' +
      'It is no event of the match: its log, replay and exports do not change. At most 10 messages a minute and 100 a day per author and match.',
    created: { type: MatchMessageDto, description: 'The message as stored.' },
    problems: [
      ...BODY_PROBLEMS.filter((s) => s !== 400),
      [
        400,
        'Invalid text (`validation-failed`: empty, blank, over 500 characters, control or bidirectional characters).',
      ],
      401,
      [
        403,
        'Not one of the two players (`not-a-player`); the match takes no messages (`messages-closed`: not started, or ended more than 7 days ago, with `closedAt`); ' +
          'the author is muted (`muted`, with `until`); one of the two has blocked the other (`blocked`); or a personal API token without the `play` scope (`insufficient-scope`).',
      ],
      NOT_FOUND,
      [
        429,
        'Past 10 messages a minute or 100 a day in this match (`too-many-messages`, with `limit` and `window`); see Retry-After. Nothing stored.',
      ],
    ],
  })
  post(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() dto: PostMatchMessageDto,
  ): Promise<MatchMessageView> {
    return this.messages.post(principal.userId, id, dto.text);
  }

  @Get()
  @ApiRoute({
    summary: 'The messages of a match, newest first (its players only)',
    operationId: 'listMatchMessages',
    description:
      'Cursor pages of the messages between the two players, newest first. Only the two players read them, as in lichess’s correspondence chat; the messages of a player the reader has blocked are left out.',
    ok: MatchMessagePageDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`).'],
      401,
      [403, 'Not one of the two players (`not-a-player`).'],
      NOT_FOUND,
    ],
  })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Query() query: MatchMessagesQueryDto,
  ): Promise<Page<MatchMessageView>> {
    return this.messages.page(principal.userId, id, { cursor: query.cursor, limit: query.limit ?? 20 });
  }
}

import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNoContentResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { ApiEventStream } from './api-event-stream.decorator.js';
import { IdempotencyInterceptor } from '../../idempotency/index.js';
import {
  RequiresScope,
  BearerAuthGuard,
  OptionalBearerAuthGuard,
  CurrentPrincipal,
  OptionalPrincipal,
  type Principal,
} from '../../security/index.js';
import { CreateMatchDto } from './dto/create-match.dto.js';
import { MatchListQueryDto } from './dto/history-query.dto.js';
import { EventsQueryDto, StreamQueryDto } from './dto/list-query.dto.js';
import {
  EventsPageDto,
  FairnessDto,
  MatchLegalPlaysDto,
  MatchListDto,
  PositionAtDto,
} from './dto/match-history.dto.js';
import { MatchStateDto } from './dto/match-state.dto.js';
import type {
  EventsPage,
  FairnessView,
  MatchLegalPlaysView,
  MatchListView,
  PositionView,
} from '../view/match-history-view.js';
import type { MatchView } from '../view/match-view.js';
import { MatchHistoryService } from '../read/match-history.service.js';
import { MatchGamesService } from '../read/match-games.service.js';
import { MatchStreamService } from '../live/match-stream.service.js';
import { streamHolder } from '../live/stream-slots.js';
import { eventStreamAnswer } from '../../common/server-sent-events.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameRecordView, GameWithTurns } from '../view/match-games.js';
import { GamesDto, GameTurnsDto } from './dto/match-games.dto.js';
import { MatchesService } from '../core/matches.service.js';
import { MatchReadsService } from '../read/match-reads.service.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

const NOT_FOUND: [number, string] = [404, 'No such match (`match-not-found`).'];

/** Creating matches and reading them; anyone may read a match, its events and positions. */
@ApiTags('matches')
@ApiPublic()
@Controller('api/matches')
export class MatchesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly reads: MatchReadsService,
    private readonly history: MatchHistoryService,
    private readonly matchGames: MatchGamesService,
    private readonly streams: MatchStreamService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(BearerAuthGuard)
  @RequiresScope('play')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'Invite a player to a match or money session, or open a challenge to anyone',
    operationId: 'createMatch',
    description:
      'A match to `length` points (0: a money session) with its rules. With `opponent`, an invitation only that player may join or decline; without, an open challenge anyone may join. The creator is seated at once (`colour`, random when left out). A house bot invited (`bot-easy`, `bot`, `gnubg`) joins by itself and plays its side at once.',
    created: {
      type: MatchStateDto,
      description:
        'The invitation; the creator already has a seat. `rated: false` with `unratedReason` when a match asked rated is played unrated (the pair’s rated matches of the day are used up).',
    },
    problems: [
      ...BODY_PROBLEMS.filter((s) => s !== 400),
      [400, 'Invalid terms (`validation-failed`, `invalid-match-terms` with `field`).'],
      401,
      [
        403,
        'A personal API token without the `play` scope (`insufficient-scope`, with `scope`), or an opponent who does not take the caller’s invitations (`blocked`); nothing is stored.',
      ],
      [404, 'No such opponent (`user-not-found`).'],
      [410, 'The invited player closed their account (`account-closed`); nothing is stored.'],
      [
        409,
        'Past a cap on waiting matches (`too-many-open-challenges`, `too-many-invitations`, `too-many-invitations-to-player`, `too-many-bot-matches` past BOT_MATCHES_PER_USER matches under way against one house bot, with `limit`); nothing is stored. Or the same Idempotency-Key is still in use by a request under way (`idempotency-key-in-use`).',
      ],
      [
        422,
        'The invited house bot cannot play these terms (`bot-cannot-play`, with `houseBot`): `gnubg` plays backgammon only, and only while GNU Backgammon answers; nothing is stored.',
      ],
    ],
  })
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateMatchDto): Promise<MatchView> {
    return this.matches.create(principal.userId, dto);
  }

  @Get()
  @UseGuards(OptionalBearerAuthGuard)
  @ApiRoute({
    summary:
      'Match history, newest first, filtered by player, opponent, status, variant, result, length, since, until; with open=true, the open challenges anyone may join',
    operationId: 'listMatches',
    description:
      'Cursor pages of match summaries (`next` is the cursor of the following page); the filters combine. A `player` or `opponent` who does not exist is 404. With a token, the open challenges leave out those of players who blocked the caller (docs/community.md, "Blocks").',
    // The token is optional (OpenAPI: an empty requirement is "no authentication").
    security: [{ bearer: [] }, {}],
    ok: MatchListDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`, `invalid-history-query` with `field`).'],
      [
        401,
        'A token was sent, and it is malformed, expired or revoked (`unauthorized`); send none to list anonymously.',
      ],
      [403, 'A personal API token without the `read` scope (`insufficient-scope`, with `scope`).'],
      [404, 'No such player or opponent (`user-not-found`).'],
    ],
  })
  list(@Query() query: MatchListQueryDto, @OptionalPrincipal() principal: Principal | null): Promise<MatchListView> {
    const { cursor, limit, ...filters } = query;
    return this.history.list(filters, { cursor, limit: limit ?? 20 }, principal?.userId ?? null);
  }

  @Get(':id')
  @UseGuards(OptionalBearerAuthGuard)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The match state; with a token, `you` and `actions` are the caller’s',
    operationId: 'getMatch',
    description:
      'The whole state: board, dice, cube, score, turn and deadline, the players; `version` is the last event’s seq (send it back as `expectedVersion` or If-Match). With a player’s token, `you` is the caller’s colour and `actions` what the caller may POST now.',
    // The token is optional (OpenAPI: an empty requirement is "no authentication").
    security: [{ bearer: [] }, {}],
    ok: MatchStateDto,
    problems: [401, NOT_FOUND],
  })
  get(@Param('id', MatchIdPipe) id: string, @OptionalPrincipal() principal: Principal | null): Promise<MatchView> {
    return this.reads.view(id, principal?.userId ?? null);
  }

  @Get(':id/legal-plays')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Every legal play of the dice on the board',
    operationId: 'getMatchLegalPlays',
    description:
      'Every legal play of the dice to play, one per distinct resulting position, with its moves, gnubg text and the position after it; POST one of them to /plays.',
    ok: { type: MatchLegalPlaysDto, description: 'Empty (dice null) when no play is awaited.' },
    problems: [NOT_FOUND],
  })
  legalPlays(@Param('id', MatchIdPipe) id: string): Promise<MatchLegalPlaysView> {
    return this.reads.legalPlays(id);
  }

  @Get(':id/events')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The event log: every roll, play, cube action and record',
    operationId: 'getMatchEvents',
    description:
      'The match’s events in order after `after`, at most `limit`; each is a MatchEvent, told apart by its `type`. `next` is the `after` of the following page.',
    ok: EventsPageDto,
    problems: [400, NOT_FOUND],
  })
  events(@Param('id', MatchIdPipe) id: string, @Query() query: EventsQueryDto): Promise<EventsPage> {
    return this.reads.events(id, query.after ?? 0, query.limit ?? 200);
  }

  @Get(':id/positions/:seq')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiParam({ name: 'seq', type: Number, description: 'An event’s seq, from 1 to the version.' })
  @ApiRoute({
    summary: 'Score, game and turn after event `seq`, rebuilt by replay',
    operationId: 'getMatchPosition',
    description:
      'Replays the log up to event `seq` and answers what stood then: the score, the game (board, dice, cube) and whose turn it was.',
    ok: PositionAtDto,
    problems: [400, [404, 'No such match or event (`match-not-found`, `event-not-found`).']],
  })
  position(@Param('id', MatchIdPipe) id: string, @Param('seq', ParseIntPipe) seq: number): Promise<PositionView> {
    return this.reads.position(id, seq);
  }

  @Get(':id/stream')
  @UseGuards(OptionalBearerAuthGuard)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description:
      'The seq of the last event received: the stream resumes after it (EventSource sends it on reconnecting).',
  })
  @ApiOperation({
    summary: 'Server-sent events: the match’s events as they are committed (`id:` = seq, `event:` = type)',
    description:
      "Server-sent events (text/event-stream): each event of the match as it is committed, one message per event with `id:` its seq, `event:` its type and `data:` the event as JSON (a MatchEvent, as GET /api/matches/{id}/events shows it). Resumes after `Last-Event-ID` or `after`. Anonymous streams count against the client address, streams with a token against the account: a node holds at most STREAMS_PER_ADDRESS and STREAMS_PER_USER of them open (429 `too-many-streams` beyond). Once the match is over (finished, aborted or declined), the stream sends what is left up to its last event and ends; a client that has the last event gets 204. A stream opened with a token ends, with no last event, at the token's expiry or when it is revoked; open it again with a fresh token (or none) and `Last-Event-ID`. A stream opened with the token of one of the two players also carries, with no `id:` line (the Last-Event-ID stays the last event's seq), each `message` written in the match while it is open (`data:` a MatchMessageDto).",
    operationId: 'streamMatchEvents',
    // The token is optional (OpenAPI: an empty requirement is "no authentication").
    security: [{ bearer: [] }, {}],
  })
  @ApiEventStream(
    'text/event-stream: each event as the event log shows it; a keep-alive comment every 25 s; the response ends after the last event of a match that is over. Works across server instances.',
    'MatchEvent',
  )
  @ApiNoContentResponse({
    description:
      'The match is over and the client has its last event (`after` or Last-Event-ID): nothing more will come, and an EventSource stops reconnecting.',
  })
  @ApiProblems(400, 401, NOT_FOUND, [429, 'Too many live streams open (`too-many-streams`); see Retry-After.'])
  stream(
    @Param('id', MatchIdPipe) id: string,
    @Query() query: StreamQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @OptionalPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.streams.match(
      id,
      query.after ?? null,
      lastEventId ?? null,
      streamHolder(principal, request.ip),
      eventStreamAnswer(request, reply),
    );
  }

  @Get(':id/games')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Every game: starter, winner, result, points, cube value and number of turns',
    operationId: 'getMatchGames',
    description:
      'One record per game begun: who started, who won and how, the points scored, the final cube value and the number of turns.',
    ok: GamesDto,
    problems: [NOT_FOUND],
  })
  games(@Param('id', MatchIdPipe) id: string): Promise<{ games: GameRecordView[] }> {
    return this.matchGames.games(id);
  }

  @Get(':id/games/:n')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiParam({ name: 'n', type: Number, description: 'The game’s number, from 1.' })
  @ApiRoute({
    summary: 'Every turn of one game: dice, play, cube actions, and (backgammon) the Position ID before the turn',
    operationId: 'getMatchGame',
    description:
      'Game `n` turn by turn: who moved, the dice, the play in gnubg text, the cube actions and, in backgammon, the gnubg Position ID before each turn.',
    ok: GameTurnsDto,
    problems: [400, [404, 'No such match or game (`match-not-found`, `game-not-found`).']],
  })
  game(@Param('id', MatchIdPipe) id: string, @Param('n', ParseIntPipe) n: number): Promise<GameWithTurns> {
    return this.matchGames.game(id, n);
  }

  @Get(':id/fairness')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The dice commitment, client seeds and every throw; the seed once the match is over',
    operationId: 'getMatchFairness',
    description:
      'The sha256 commitment to the dice seed (published from the start), both players’ client seeds and every throw; once the match is over, the seed itself, so that anyone can recompute every throw (docs/dice-fairness.md).',
    ok: FairnessDto,
    problems: [
      [404, 'No such match (`match-not-found`), or an imported one, whose dice came from its file (`imported-match`).'],
    ],
  })
  fairness(@Param('id', MatchIdPipe) id: string): Promise<FairnessView> {
    return this.reads.fairness(id);
  }
}

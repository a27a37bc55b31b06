import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems, BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { eventStreamAnswer } from '../../common/server-sent-events.js';
import { EventsQueryDto, StreamQueryDto, streamHolder } from '../../matches/index.js';
import {
  OptionalBearerAuthGuard,
  RequiresScope,
  BearerAuthGuard,
  CurrentPrincipal,
  OptionalPrincipal,
  type Principal,
} from '../../security/index.js';
import { TournamentsService, type TournamentList } from '../core/tournaments.service.js';
import { TournamentStream, tournamentEventView } from '../live/tournament-stream.js';
import type { TournamentView } from '../view/tournament-view.js';
import { CreateTournamentDto, EnterTournamentDto } from './dto/create-tournament.dto.js';
import {
  TournamentDto,
  TournamentEventListDto,
  TournamentListDto,
  TournamentListQueryDto,
  TournamentQueryDto,
} from './dto/tournament.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** A request of a signed-in player: a bearer token with the `play` scope. */
function SignedInPlayer(): MethodDecorator {
  return applyDecorators(UseGuards(BearerAuthGuard), RequiresScope('play'), ApiBearerAuth());
}

/** A change a signed-in player asks of the tournament `{id}`, answered 200 with the tournament after it. */
function TournamentChange(): MethodDecorator {
  return applyDecorators(HttpCode(HttpStatus.OK), SignedInPlayer(), ApiParam({ name: 'id', format: 'uuid' }));
}

const NOT_FOUND: [number, string] = [404, 'No such tournament (`tournament-not-found`).'];
const CHANGED = 'The tournament as it stands after the change and what followed it (a bye, the next match, the end).';

/**
 * Tournaments (docs/tournaments.md): anyone signed in creates one and enters;
 * anyone reads and follows them. The controllers hand each request to the
 * service as it comes.
 */
@ApiTags('tournaments')
@Controller('api/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly stream: TournamentStream,
  ) {}

  @Post()
  @SignedInPlayer()
  @ApiRoute({
    summary: 'Create a tournament (you are its organiser)',
    description:
      'A knock-out (2-256 players, seeded by rating, byes to the top seeds) or a round-robin (3-16 players, every pair ' +
      'once). It opens for entries at once; it starts at `startsAt`, or when its organiser starts it.',
    operationId: 'createTournament',
    created: TournamentDto,
    problems: [
      [400, 'Invalid terms (`validation-failed`, `invalid-tournament-terms` or `invalid-match-terms`, with `field`).'],
      401,
      [403, 'The token lacks the `play` scope (`insufficient-scope`).'],
      [
        409,
        'You have TOURNAMENTS_OPEN_PER_ORGANISER tournaments open already (`too-many-open-tournaments`, with `limit`); nothing is stored.',
      ],
      [
        429,
        'You created TOURNAMENTS_CREATED_PER_DAY tournaments in the last 24 hours (`too-many-tournaments`, with `limit`); see Retry-After.',
      ],
      413,
      415,
    ],
  })
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateTournamentDto): Promise<TournamentView> {
    return this.tournaments.create(principal.userId, {
      ...dto,
      bankDays: dto.bankDays ?? 0,
      rated: dto.rated ?? true,
      botsAllowed: dto.botsAllowed ?? false,
    });
  }

  @Get()
  @ApiPublic()
  @ApiRoute({
    summary:
      'Tournaments, newest first: open ones to enter, running, finished; with `player`, those they entered; with `match`, the one it plays for',
    operationId: 'listTournaments',
    ok: TournamentListDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`).'],
      [404, 'No such player (`user-not-found`).'],
    ],
  })
  list(@Query() query: TournamentListQueryDto): Promise<TournamentList> {
    return this.tournaments.list(query.status ?? null, query.cursor ?? null, query.limit ?? 20, {
      player: query.player ?? null,
      match: query.match ?? null,
    });
  }

  @Get(':id')
  @ApiPublic()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'A tournament: terms, entrants with seeds, rounds with their matches and results, standings, champion',
    description: 'With `version`, the tournament as it stood after that event of its log, folded again from the log.',
    operationId: 'getTournament',
    ok: TournamentDto,
    problems: [
      400,
      [404, 'No such tournament, or no such event in its log (`tournament-not-found`, `event-not-found`).'],
    ],
  })
  get(@Param('id', TournamentIdPipe) id: string, @Query() query: TournamentQueryDto): Promise<TournamentView> {
    return this.tournaments.get(id, query.version ?? null);
  }

  @Post(':id/entries')
  @TournamentChange()
  @ApiRoute({
    summary: 'Enter (or, as the organiser, enter a house bot named by `username`)',
    description:
      'Taken while entries are open: before the start, before `entriesCloseAt`, while not full; within the rating ' +
      'limits (your rating now); a bot only where bots are allowed. Outside bot accounts enter themselves.',
    operationId: 'enterTournament',
    ok: { type: TournamentDto, description: CHANGED },
    problems: [
      ...BODY_PROBLEMS,
      401,
      [
        403,
        'Only the organiser enters someone else (`not-the-organiser`), the organiser does not take the caller’s entry (`blocked`), or the token lacks `play`.',
      ],
      [404, 'No such tournament or house bot (`tournament-not-found`, `user-not-found`).'],
      [
        409,
        'Entries are not taken (`tournament-not-open`, `tournament-full`, `entries-closed`, `tournament-cancelled`), or you are in already (`already-entered`).',
      ],
      [422, 'The terms refuse the entrant (`rating-out-of-range`, `bots-not-allowed`, `entry-not-allowed`).'],
    ],
  })
  enter(
    @Param('id', TournamentIdPipe) id: string,
    @CurrentPrincipal() principal: Principal,
    @Body() dto: EnterTournamentDto,
  ): Promise<TournamentView> {
    return this.tournaments.enter(id, principal.userId, dto.username);
  }

  @Delete(':id/entries/me')
  @SignedInPlayer()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Withdraw: before the start the entry is taken back; after it, you forfeit what is left',
    description:
      'After the start, your match under way is forfeited (you leave it) and the matches you would play later go to ' +
      'your opponents: in a knock-out your opponent goes through; in a round-robin your unplayed matches are lost and ' +
      'the played ones stand.',
    operationId: 'withdrawFromTournament',
    ok: { type: TournamentDto, description: CHANGED },
    problems: [
      401,
      NOT_FOUND,
      [
        409,
        'Not entered, withdrawn already, or the tournament is over or cancelled (`not-entered`, `already-withdrawn`, `tournament-not-running`, `tournament-cancelled`).',
      ],
    ],
  })
  withdraw(
    @Param('id', TournamentIdPipe) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TournamentView> {
    return this.tournaments.withdraw(id, principal.userId);
  }

  @Post(':id/start')
  @TournamentChange()
  @ApiRoute({
    summary: 'Start it now (the organiser; at least 2 entrants in a knock-out, 3 in a round-robin)',
    description: 'Seeds the entrants by their ratings now, draws the first round and creates its matches.',
    operationId: 'startTournament',
    ok: { type: TournamentDto, description: CHANGED },
    problems: [
      401,
      [403, 'Only the organiser starts it (`not-the-organiser`).'],
      NOT_FOUND,
      [
        409,
        'Started or ended already, cancelled, or too few entrants (`tournament-not-open`, `tournament-cancelled`, `too-few-entrants`).',
      ],
    ],
  })
  start(@Param('id', TournamentIdPipe) id: string, @CurrentPrincipal() principal: Principal): Promise<TournamentView> {
    return this.tournaments.start(id, principal.userId);
  }

  @Post(':id/cancel')
  @TournamentChange()
  @ApiRoute({
    summary: 'Cancel it before the start (the organiser); a started tournament runs to its end',
    operationId: 'cancelTournament',
    ok: { type: TournamentDto, description: CHANGED },
    problems: [
      401,
      [403, 'Only the organiser cancels it (`not-the-organiser`).'],
      NOT_FOUND,
      [409, 'It has started (`tournament-started`), or was cancelled already (`tournament-cancelled`).'],
    ],
  })
  cancel(@Param('id', TournamentIdPipe) id: string, @CurrentPrincipal() principal: Principal): Promise<TournamentView> {
    return this.tournaments.cancel(id, principal.userId);
  }

  @Get(':id/events')
  @ApiPublic()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The tournament’s log: its events after `after`, in order (docs: "The log")',
    operationId: 'listTournamentEvents',
    ok: TournamentEventListDto,
    problems: [400, NOT_FOUND],
  })
  async events(
    @Param('id', TournamentIdPipe) id: string,
    @Query() query: EventsQueryDto,
  ): Promise<TournamentEventListDto> {
    const { version, events } = await this.tournaments.events(id, query.after ?? 0, query.limit ?? 200);
    return { events: events.map(tournamentEventView), version };
  }

  @Get(':id/stream')
  @UseGuards(OptionalBearerAuthGuard)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The version of the last event received.' })
  @ApiRoute({
    summary: 'Server-sent events: the tournament’s events as they are committed (`id:` = version, `event:` = type)',
    description:
      'Each message’s `data:` is the event as GET …/events shows it. Resumes after `Last-Event-ID` or `after`; ends ' +
      'after `finished` or `cancelled`; a client that has the last event of a tournament that is over gets 204. ' +
      'Counts against the caller’s live streams on a node (STREAMS_PER_USER with a token, STREAMS_PER_ADDRESS ' +
      'without: 429 `too-many-streams` beyond). Works across server instances.',
    operationId: 'streamTournamentEvents',
    security: [{ bearer: [] }, {}],
    noContent: { description: 'The tournament is over and the client has its last event.' },
  })
  @ApiOkResponse({ description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiProblems(400, 401, NOT_FOUND, [429, 'Too many live streams open (`too-many-streams`); see Retry-After.'])
  follow(
    @Param('id', TournamentIdPipe) id: string,
    @Query() query: StreamQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @OptionalPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const resumed = lastEventId !== undefined && /^\d{1,9}$/.test(lastEventId) ? Number(lastEventId) : null;
    const holder = streamHolder(principal, request.ip);
    return this.stream.follow(id, resumed ?? query.after ?? 0, holder, eventStreamAnswer(request, reply));
  }
}

import { Controller, Get, Headers, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiEventStream } from './api-event-stream.decorator.js';
import { ApiProblems } from '../../common/api-problems.decorator.js';
import { eventStreamAnswer } from '../../common/server-sent-events.js';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { MatchStreamService } from '../live/match-stream.service.js';

/** The events of the caller's matches, pushed as they are committed. */
@ApiTags('matches')
@ApiBearerAuth()
@UseGuards(BearerAuthGuard)
@Controller('api/users/me/stream')
export class MyStreamController {
  constructor(private readonly streams: MatchStreamService) {}

  @Get()
  @ApiOperation({
    summary:
      'Server-sent events: every event of every match I am in (seated or invited) as it is committed (`id: <match id>:<seq>`, `event:` its type)',
    operationId: 'streamMyMatches',
    description:
      "Server-sent events (text/event-stream): every event of every match the caller is in, as it is committed; each message has `id: <match id>:<seq>`, `event:` the type and `data:` a PlayerStreamEvent (a MatchEvent with its `matchId`). Resumes after `Last-Event-ID`. An account may hold at most STREAMS_PER_USER live streams open on a node, its match streams included (429 `too-many-streams` beyond). The stream lives no longer than its token: it ends, with no last event, at the token's expiry or when it is revoked (logout-all, a new password); open it again with a fresh token and `Last-Event-ID`. Besides, side events with no `id:` line (the Last-Event-ID stays the last match event's): `message`, a message written in one of my matches by me or to me (`data:` a MatchMessageDto, as POST /api/matches/{id}/messages answers it); `warning`, a moderator's warning to me (`data:` `{id, reason, createdAt}`, as GET /api/users/me lists it in `warnings`; docs/moderation.md).",
  })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description:
      'Resume after this id (`<match id>:<seq>`, as sent): every event of my matches written from 30 s before it is sent first; events may come again under their id, none is missed.',
  })
  @ApiEventStream(
    'text/event-stream: each message is an event as the event log shows it, with its `matchId`; a match I come into is sent from its first event; a keep-alive comment every 25 s.',
    'PlayerStreamEvent',
  )
  @ApiProblems(400, 401, [429, 'Too many live streams open (`too-many-streams`); see Retry-After.'])
  stream(
    @CurrentPrincipal() principal: Principal,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.streams.mine(principal, lastEventId ?? null, eventStreamAnswer(request, reply));
  }
}

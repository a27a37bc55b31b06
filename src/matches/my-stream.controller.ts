import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { openEventStream } from '../common/server-sent-events.js';
import { BearerAuthGuard } from '../security/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../security/principal.js';
import { MatchStreamService } from './match-stream.service.js';

/** The caller's matches as they change, pushed. */
@ApiTags('matches')
@ApiBearerAuth()
@UseGuards(BearerAuthGuard)
@Controller('api/users/me/stream')
export class MyStreamController {
  constructor(private readonly streams: MatchStreamService) {}

  @Get()
  @ApiOperation({
    summary:
      'Server-sent events: my matches as they stand, then each one again whenever it changes (`event: match`, `id: <match id>:<version>`)',
    operationId: 'streamMyMatches',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'text/event-stream: each message is the match as the match lists show it; a keep-alive comment every 25 s. On reconnecting the current state of my matches is sent again: compare versions.',
  })
  @ApiProblems(401)
  stream(
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.streams.mine(principal.userId, () => openEventStream(request, reply));
  }
}

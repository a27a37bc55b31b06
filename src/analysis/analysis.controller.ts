import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiPublic } from '../common/api-public.decorator.js';
import { eventStreamAnswer } from '../common/server-sent-events.js';
import { MatchIdPipe } from '../matches/index.js';
import { RequiresScope, BearerAuthGuard, CurrentPrincipal, type Principal } from '../security/index.js';
import { AnalysisService } from './analysis.service.js';
import type { AnalysisSummaryView, AnalysisView } from './analysis-view.js';
import { AnalysisDto, AnalysisListDto } from './dto/analysis.dto.js';
import { ApiRoute } from '../common/api-route.decorator.js';

const NOT_FOUND: [number, string] = [
  404,
  'No such match (`match-not-found`), or no analysis asked of it (`analysis-not-found`).',
];

/**
 * A finished match's analysis (docs/analysis.md): anyone signed in may ask for
 * one, as anyone may read a match; anyone may read and follow it.
 */
@ApiTags('analysis')
@Controller('api/matches')
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post(':id/analysis')
  @HttpCode(HttpStatus.ACCEPTED)
  @UseGuards(BearerAuthGuard)
  @RequiresScope('read')
  @ApiBearerAuth()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Ask for the analysis of a finished match',
    description:
      'Queues the match’s analysis by its variant’s engine: GNU Backgammon for backgammon matches (at ' +
      'ANALYSIS_GNUBG_PLIES), the service’s own network for long nardy and money sessions (at ANALYSIS_NET_PLIES). ' +
      'One analysis per engine and look-ahead: asked again, the same one is answered (one that failed is queued ' +
      'again). The queue is served round-robin between the accounts that asked. Follow it with GET ' +
      '…/analysis/stream, or read it with GET …/analysis.',
    operationId: 'requestMatchAnalysis',
    accepted: { type: AnalysisDto, description: 'The analysis, queued (or as it stands, if asked before).' },
    problems: [
      401,
      NOT_FOUND,
      [409, 'The match is not finished (`match-not-finished`).'],
      [
        422,
        'The match ended by a leave or a timeout before either player made a real decision (`nothing-to-analyse`).',
      ],
      [
        429,
        'As many analyses wait as the service takes (`analysis-queue-full`), or as the asking account may have ' +
          'waiting (`analysis-queue-share`); see Retry-After.',
      ],
    ],
  })
  request(@Param('id', MatchIdPipe) id: string, @CurrentPrincipal() principal: Principal): Promise<AnalysisView> {
    return this.analysis.request(id, principal.userId);
  }

  @Get(':id/analyses')
  @ApiPublic()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Every analysis asked of the match (one per engine and look-ahead), without their decisions',
    description:
      'The newest first, each with its status, progress and engine; an empty list when none was asked for (so a ' +
      'client learns whether a match has an analysis without a 404). GET …/analysis answers the one to show in full.',
    operationId: 'listMatchAnalyses',
    ok: AnalysisListDto,
    problems: [NOT_FOUND],
  })
  async list(@Param('id', MatchIdPipe) id: string): Promise<{ analyses: AnalysisSummaryView[] }> {
    return { analyses: await this.analysis.list(id) };
  }

  @Get(':id/analysis')
  @ApiPublic()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The match’s analysis: status, progress, each player’s figures and every decision',
    description:
      'The newest finished analysis of the match, else the newest asked for. Per decision: the choice made, the ' +
      'engine’s best, the normalised equity given away and GNU Backgammon’s mark; per throw its luck; per player ' +
      'PR (500 × the mean normalised error per unforced decision), the chequer and cube error rates, luck and the ' +
      'luck-adjusted result.',
    operationId: 'getMatchAnalysis',
    ok: AnalysisDto,
    problems: [NOT_FOUND],
  })
  read(@Param('id', MatchIdPipe) id: string): Promise<AnalysisView> {
    return this.analysis.read(id);
  }

  @Get(':id/analysis/stream')
  @ApiPublic()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'Server-sent events while the analysis runs',
    description:
      'Events `analysis`: `{status, progress}` each time they change, and at the end the whole analysis (as GET ' +
      '…/analysis answers) once it is `done` or `failed`; then the stream ends. Works across server instances.',
    operationId: 'streamMatchAnalysis',
    ok: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    problems: [NOT_FOUND],
  })
  stream(
    @Param('id', MatchIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.analysis.follow(id, eventStreamAnswer(request, reply));
  }
}

import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { OptionalBearerAuthGuard, OptionalPrincipal, type Principal } from '../security/index.js';
import { MatchIdPipe } from '../matches/index.js';
import { MatchBoardQueryDto } from './dto/board-query.dto.js';
import { PicturesService } from './pictures.service.js';
import { ApiSvgResponse, setSvgHeaders } from './svg-response.js';

/** A match's board as a picture; anyone may look, as anyone may read the match. */
@ApiTags('matches')
@Controller('api/matches')
export class MatchBoardController {
  constructor(private readonly pictures: PicturesService) {}

  @Get(':id/board.svg')
  @UseGuards(OptionalBearerAuthGuard)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOperation({
    summary: 'The board after any event (or now) as an SVG picture',
    description:
      'The 24 points numbered from the viewer’s side, the checkers (a stack over five shows its count), bar, ' +
      'borne-off trays, the dice to play, the cube on its owner’s side (in the middle when nobody owns it; ' +
      'none in a game without one), the score, the match length and the pip counts. Long nardy shows both heads. ' +
      'A picture of a past event never changes and may be cached for good; the current one must be revalidated.',
    operationId: 'getMatchBoardSvg',
    // The token is optional (OpenAPI: an empty requirement is "no authentication"); it sets the default perspective.
    security: [{ bearer: [] }, {}],
  })
  @ApiSvgResponse('The board, drawn as the viewer sees it.')
  @ApiProblems(
    [400, 'Invalid query (`validation-failed`: `seq` not a whole number from 1, `perspective` not white or black).'],
    401,
    [404, 'No such match, or no such event yet (`match-not-found`, `event-not-found`).'],
  )
  async board(
    @Param('id', MatchIdPipe) id: string,
    @Query() query: MatchBoardQueryDto,
    @OptionalPrincipal() principal: Principal | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const svg = await this.pictures.matchBoard(id, {
      seq: query.seq,
      perspective: query.perspective,
      userId: principal?.userId ?? null,
    });
    setSvgHeaders(reply, {
      caching: query.seq === undefined ? 'revalidate' : 'immutable',
      variesByCaller: query.perspective === undefined,
    });
    return svg;
  }
}

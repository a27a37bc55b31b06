import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { PositionBoardQueryDto } from './dto/board-query.dto.js';
import { PicturesService } from './pictures.service.js';
import { ApiSvgResponse, setSvgHeaders } from './svg-response.js';
import { ApiPublic } from '../common/api-public.decorator.js';

/** Any position, given in full, as a picture. Stateless. */
@ApiTags('positions')
@ApiPublic()
@Controller('api/positions')
export class PositionBoardController {
  constructor(private readonly pictures: PicturesService) {}

  @Get('board.svg')
  @ApiOperation({
    summary: 'Any position as an SVG picture',
    description:
      'The side to move is drawn white and, unless `perspective` says otherwise, at the bottom, the points ' +
      'numbered from its side. A position alone has no dice, cube or score, so none is drawn.',
    operationId: 'getPositionBoardSvg',
  })
  @ApiSvgResponse('The position, drawn as the viewer sees it.')
  @ApiProblems([
    400,
    'Invalid query (`validation-failed`: bad variant or perspective) or position (`invalid-position`, with `reason`: ' +
      'bad-json, bad-shape, wrong-checker-count, shared-point, bar-in-long-nardy, bad-position-id, bad-xgid, ' +
      'notation-not-for-variant …).',
  ])
  board(@Query() query: PositionBoardQueryDto, @Res({ passthrough: true }) reply: FastifyReply): string {
    const svg = this.pictures.positionBoard(query.variant, query.position, query.perspective);
    setSvgHeaders(reply, { caching: 'immutable' });
    return svg;
  }
}

import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { ApiRoute } from '../common/api-route.decorator.js';
import { LegalPlaysRequestDto } from './dto/legal-plays-request.dto.js';
import { LegalPlaysResponseDto } from './dto/legal-plays-response.dto.js';
import { PositionsService } from './positions.service.js';
import { ApiPublic } from '../common/api-public.decorator.js';

@ApiTags('positions')
@ApiPublic()
@Controller('api/positions')
export class PositionsController {
  constructor(private readonly positions: PositionsService) {}

  @Post('legal-plays')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Every legal play of a position and roll',
    description:
      'Backgammon as GNU Backgammon plays it, long nardy by the project’s rules (docs/rules.md). Plays are deduplicated by resulting position; ' +
      'each has its moves, gnubg-style text and the resulting board. A position with no legal play answers `{"plays": []}`.',
    operationId: 'legalPlays',
    ok: LegalPlaysResponseDto,
    problems: [
      ...BODY_PROBLEMS.filter((s) => s !== 400),
      [
        400,
        'Invalid request (`validation-failed`: bad variant or dice) or position (`invalid-position`, with `reason`: bad-shape, wrong-checker-count, shared-point, bar-in-long-nardy, bad-position-id, bad-xgid, notation-not-for-variant …).',
      ],
    ],
  })
  @ApiBody({
    type: LegalPlaysRequestDto,
    examples: {
      'backgammon opening 3-1 (board JSON)': {
        value: {
          variant: 'backgammon',
          position: {
            player: { points: [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], bar: 0 },
            opponent: { points: [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], bar: 0 },
          },
          dice: [3, 1],
        },
      },
      'backgammon by gnubg Position ID': { value: { variant: 'backgammon', position: '4HPwATDgc/ABMA', dice: [6, 6] } },
      'long nardy, second player’s first 6-6': {
        value: {
          variant: 'long-nardy',
          position: {
            player: { points: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15] },
            opponent: { points: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 14] },
          },
          dice: [6, 6],
          firstTurn: true,
        },
      },
    },
  })
  legalPlays(@Body() request: LegalPlaysRequestDto): LegalPlaysResponseDto {
    return this.positions.legalPlays(request);
  }
}

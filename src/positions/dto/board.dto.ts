import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];

/** One side's checkers in its own numbering (it moves from 24 toward 1). */
export class SideBoardDto {
  @ApiProperty({
    type: [Number],
    minItems: 24,
    maxItems: 24,
    example: START,
    description:
      '`points[i]` is the number of this side’s checkers on its own point i + 1 (index 0 = point 1, index 23 = point 24).',
  })
  points!: number[];

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 15,
    example: 0,
    description: 'Checkers on the bar (always 0 in long nardy).',
  })
  bar?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 15,
    example: 0,
    description: 'Checkers borne off: 15 - sum(points) - bar (may be omitted in requests).',
  })
  off?: number;
}

/** Board JSON (docs/architecture.md "Board JSON"): each side in its own numbering. */
export class BoardDto {
  @ApiProperty({ type: SideBoardDto, description: 'The side to move.' })
  player!: SideBoardDto;

  @ApiProperty({ type: SideBoardDto, description: 'The other side.' })
  opponent!: SideBoardDto;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { COLOURS, VARIANTS, type Colour, type Variant } from '../../engine/index.js';
import { POSITION_PERSPECTIVES, type PositionPerspective } from '../../board-drawing/index.js';
import { OptionalInt } from '../../common/optional-int.decorator.js';
import { OptionalChoice } from '../../common/optional-fields.js';

/** `GET /api/matches/{id}/board.svg?seq=&perspective=`. */
export class MatchBoardQueryDto {
  @OptionalInt(1, 2_147_483_647, {
    minimum: 1,
    example: 12,
    description:
      'Draw the position after this event (an event’s `seq`, from 1 to the match’s `version`); ' +
      'the current position when left out.',
  })
  seq?: number;

  @OptionalChoice(COLOURS, {
    description:
      'The colour drawn at the bottom, whose numbering labels the points. ' +
      'Default: the caller’s colour when the caller plays in the match, else white.',
  })
  perspective?: Colour;
}

/** `GET /api/positions/board.svg?variant=&position=&perspective=`. */
export class PositionBoardQueryDto {
  @ApiProperty({ enum: VARIANTS, example: 'backgammon' })
  @IsIn(VARIANTS)
  variant!: Variant;

  @ApiProperty({
    example: '4HPwATDgc/ABMA',
    maxLength: 2048,
    description:
      'The position, URL-encoded: backgammon as a gnubg Position ID or an XGID ("XGID=…"), either variant as ' +
      'board JSON (docs/architecture.md "Board JSON", `player` the side to move), e.g. ' +
      '`{"player":{"points":[0,…,15]},"opponent":{"points":[0,…,15]}}`. A `+` of a Position ID left unencoded ' +
      '(read as a space) is read back as `+`.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  position!: string;

  @OptionalChoice(POSITION_PERSPECTIVES, {
    default: 'player',
    description: 'The side drawn at the bottom: the side to move (`player`, drawn white) or the other (black).',
  })
  perspective?: PositionPerspective;
}

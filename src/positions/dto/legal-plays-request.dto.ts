import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  Max,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { VARIANTS, type Variant } from '../../engine/index.js';
import { BoardDto } from './board.dto.js';
import { OptionalFlag } from '../../common/optional-fields.js';

/** A board JSON object, or a notation string of at most 64 characters (parsed by the service). */
function IsBoardOrNotation(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isBoardOrNotation',
      validator: {
        validate: (v: unknown) =>
          (typeof v === 'string' && v.length > 0 && v.length <= 64) ||
          (typeof v === 'object' && v !== null && !Array.isArray(v)),
        defaultMessage: () => 'position must be a board object, a gnubg Position ID or an XGID string',
      },
    },
    options,
  );
}

@ApiExtraModels(BoardDto)
export class LegalPlaysRequestDto {
  @ApiProperty({ enum: VARIANTS, example: 'backgammon' })
  @IsIn(VARIANTS)
  variant!: Variant;

  @ApiProperty({
    oneOf: [
      { $ref: getSchemaPath(BoardDto) },
      {
        type: 'string',
        description: 'Backgammon only: a gnubg Position ID (player on roll), or an XGID ("XGID=…").',
        example: '4HPwATDgc/ABMA',
      },
    ],
    description: 'The position, with `player` the side to move.',
  })
  @IsBoardOrNotation()
  position!: BoardDto | string;

  @ApiProperty({ type: [Number], minItems: 2, maxItems: 2, example: [3, 1], description: 'The two dice, 1-6 each.' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(6, { each: true })
  dice!: [number, number];

  @OptionalFlag({
    description:
      'Long nardy: this is the player’s first turn of the game (the head-rule exception for 6-6, 4-4, 3-3 …). Default: `false`.',
  })
  firstTurn?: boolean;
}

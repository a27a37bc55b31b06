import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ActionDto } from './action.dto.js';

export class MoveInputDto {
  @ApiProperty({
    minimum: 1,
    maximum: 25,
    example: 24,
    description: 'In the mover’s numbering; 25 is the bar.',
  })
  @IsInt()
  @Min(1)
  @Max(25)
  from!: number;

  @ApiProperty({ minimum: 0, maximum: 24, example: 18, description: 'In the mover’s numbering; 0 is off.' })
  @IsInt()
  @Min(0)
  @Max(24)
  to!: number;
}

/** A play: its checker moves in any order that is legal step by step, or its text. Exactly one of the two. */
export class SubmitPlayDto extends ActionDto {
  @ApiPropertyOptional({
    type: [MoveInputDto],
    maxItems: 8,
    example: [
      { from: 24, to: 18 },
      { from: 13, to: 12 },
    ],
  })
  @ValidateIf((dto: SubmitPlayDto) => dto.text === undefined)
  @IsArray()
  @ArrayMaxSize(8)
  @ValidateNested({ each: true })
  @Type(() => MoveInputDto)
  moves?: MoveInputDto[];

  @ApiPropertyOptional({ example: '24/18 13/12', maxLength: 64, description: 'The play in gnubg notation.' })
  @IsOptional()
  @ValidateIf((dto: SubmitPlayDto) => dto.moves === undefined || dto.text !== undefined)
  @IsString()
  @Length(1, 64)
  @ValidateBy({
    name: 'movesOrText',
    validator: {
      validate: (_: unknown, args) => (args?.object as SubmitPlayDto | undefined)?.moves === undefined,
      defaultMessage: () => 'send either moves or text, not both',
    },
  })
  text?: string;
}

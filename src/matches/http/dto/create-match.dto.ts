import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateIf } from 'class-validator';
import { COLOURS, MAX_CUBE, MAX_MATCH_LENGTH, VARIANTS, type Colour, type Variant } from '../../../engine/index.js';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../../users/index.js';
import { OptionalChoice, OptionalFlag, OptionalPart } from '../../../common/optional-fields.js';

/** The rule options (docs/rules.md M1-M4, N3, N7); each defaults as documented. */
export class MatchRulesDto {
  @OptionalFlag({ description: 'Whether the doubling cube is used (M1). Default: `true`.' })
  cube?: boolean;

  @OptionalFlag({ description: 'Crawford rule (M3); matches only. Default: `true`.' })
  crawford?: boolean;

  @OptionalFlag({ description: 'Jacoby rule (M4); money sessions only. Default: `false`.' })
  jacoby?: boolean;

  @OptionalFlag({ description: 'Beavers (M4); money sessions only. Default: `false`.' })
  beavers?: boolean;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 8,
    description: 'Automatic doubles on opening ties, at most this many (M4); money sessions only. Default: `0`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(8)
  automaticDoubles?: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 64,
    maximum: MAX_CUBE,
    description: `Highest cube value (a power of two up to ${MAX_CUBE}), or null for the highest cube there is, ${MAX_CUBE} (M1). Default: \`null\`.`,
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(MAX_CUBE)
  cubeLimit?: number | null;

  @OptionalFlag({ description: 'Long nardy: koks scores 3 (N7); off, it scores as mars. Default: `true`.' })
  koks?: boolean;

  @OptionalChoice(['winner', 'opening-roll'], {
    description: 'Long nardy: who starts each game after the first (N3). Default: `winner`.',
  })
  nextGameStarter?: 'winner' | 'opening-roll';
}

/** The kind of match: its variant and length (a new match's terms, and the JSON interchange document's). */
export class MatchFormatDto {
  @ApiProperty({ enum: VARIANTS, example: 'backgammon' })
  @IsIn(VARIANTS)
  variant!: Variant;

  @ApiProperty({
    minimum: 0,
    maximum: MAX_MATCH_LENGTH,
    example: 5,
    description: 'Points to win; 0 for a money session.',
  })
  @IsInt()
  @Min(0)
  @Max(MAX_MATCH_LENGTH)
  length!: number;
}

export class CreateMatchDto extends MatchFormatDto {
  @ApiPropertyOptional({
    example: 'bob',
    pattern: USERNAME_PATTERN.source,
    description: 'The invited player; leave out for an open challenge anyone may join.',
  })
  @IsOptional()
  @IsString()
  @Matches(USERNAME_PATTERN, { message: USERNAME_RULE })
  opponent?: string;

  @OptionalFlag({
    description:
      'Whether the result moves both players’ ratings (docs: "Ratings"). Matches to N points are rated unless false; money sessions never are.',
  })
  rated?: boolean;

  @OptionalChoice(COLOURS, { description: 'Your colour; random when left out.' })
  colour?: Colour;

  @OptionalPart(MatchRulesDto)
  rules?: MatchRulesDto;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 14,
    example: 3,
    description: 'Days each decision may take (correspondence); null or left out for no clock.',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(14)
  daysPerTurn?: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 30,
    description:
      'Each player’s time bank for the whole match, in days; spent by decisions longer than daysPerTurn. Default: `0`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(30)
  bankDays?: number;

  @ApiPropertyOptional({
    maxLength: 128,
    example: 'my lucky string',
    description: 'Your contribution to the dice derivation (docs/dice-fairness.md).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  clientSeed?: string;
}

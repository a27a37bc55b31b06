import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  KNOCKOUT_MAX_PLAYERS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_MAX_LENGTH,
  VARIANTS,
  type TournamentFormat,
  type Variant,
} from '../../../engine/index.js';
import { MatchRulesDto } from '../../../matches/index.js';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { OptionalFlag, OptionalPart } from '../../../common/optional-fields.js';

/** `POST /api/tournaments`: the terms (docs/tournaments.md, "Terms"). */
export class CreateTournamentDto {
  @ApiProperty({ example: 'Autumn knock-out', minLength: 1, maxLength: 80, description: PERSON_TEXT_RULE })
  @PersonText({ max: 80 })
  name!: string;

  @ApiProperty({ enum: VARIANTS, example: 'backgammon' })
  @IsIn(VARIANTS)
  variant!: Variant;

  @ApiProperty({ enum: TOURNAMENT_FORMATS, example: 'knockout' })
  @IsIn(TOURNAMENT_FORMATS)
  format!: TournamentFormat;

  @ApiProperty({
    type: [Number],
    example: [3, 5, 7],
    description:
      'Points per match. A knock-out’s list runs to the final (its last entry is the final’s, the one before the ' +
      'semi-finals’; earlier rounds play its first entry); a round-robin’s has one entry.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(TOURNAMENT_MAX_LENGTH, { each: true })
  lengths!: number[];

  @OptionalPart(MatchRulesDto, { description: 'The matches’ rules; as for a match.' })
  rules?: MatchRulesDto;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 14,
    example: 3,
    description: 'Days per turn; null for no clock.',
  })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(14)
  daysPerTurn!: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 30,
    default: 0,
    description: 'Each player’s time bank per match, in days.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(30)
  bankDays?: number;

  @OptionalFlag({ default: true, description: 'Whether its matches move ratings.' })
  rated?: boolean;

  @ApiProperty({
    minimum: 2,
    maximum: KNOCKOUT_MAX_PLAYERS,
    example: 16,
    description: 'At most this many enter: a knock-out 2-256, a round-robin 3-16 (one group; larger is refused).',
  })
  @IsInt()
  @Min(2)
  @Max(KNOCKOUT_MAX_PLAYERS)
  maxPlayers!: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Lowest rating that may enter.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(5000)
  minRating?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Highest rating that may enter.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(5000)
  maxRating?: number | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Entries close then.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  entriesCloseAt?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The service starts it then (cancels it with too few entrants); left out, the organiser starts it.',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  startsAt?: string | null;

  @OptionalFlag({
    default: false,
    description: 'Whether bots may enter (house bots when the organiser adds them).',
  })
  botsAllowed?: boolean;
}

/** `POST /api/tournaments/{id}/entries`: empty to enter yourself; the organiser names a house bot to add it. */
export class EnterTournamentDto {
  @ApiPropertyOptional({
    example: 'bot',
    description: 'The organiser adds this house bot (`bot-easy`, `bot`, `gnubg`).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 24)
  username?: string;
}

/** The JSON interchange document (match-log.ts): OpenAPI schema of export.json, and the shape an import checks. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { MatchFormatDto, MatchRulesDto, eventSchemaRef } from '../../matches/index.js';
import { MATCH_LOG_FORMAT, MATCH_LOG_VERSION } from '../match-log.js';
import { OptionalChoice, OptionalPart } from '../../common/optional-fields.js';

/** A player's name as a file may give it: 1-64 characters, no control character or colon (.mat score lines). */
// eslint-disable-next-line no-control-regex
const PLAYER_NAME = /^[^\u0000-\u001f\u007f:]+$/;
/** More events than any match a body of the import's size limit can hold. */
export const MAX_LOG_EVENTS = 50_000;

export class MatchLogPlayersDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'alice',
    description: 'Null in an export for a seat not taken.',
  })
  @IsString()
  @Length(1, 64)
  @Matches(PLAYER_NAME, { message: 'a player name has no control characters or colons' })
  white!: string;

  @ApiProperty({ type: String, nullable: true, example: 'bob' })
  @IsString()
  @Length(1, 64)
  @Matches(PLAYER_NAME, { message: 'a player name has no control characters or colons' })
  black!: string;
}

export class MatchLogDto extends MatchFormatDto {
  @ApiProperty({ enum: [MATCH_LOG_FORMAT] })
  @Equals(MATCH_LOG_FORMAT)
  format!: string;

  @ApiProperty({ enum: [MATCH_LOG_VERSION] })
  @Equals(MATCH_LOG_VERSION)
  formatVersion!: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The exported match (informative: an import gets an id of its own).',
  })
  @IsOptional()
  @IsUUID()
  id?: string;

  @OptionalChoice(['played', 'imported'], {
    description: 'Where the exported match came from (informative).',
  })
  source?: string;

  @OptionalPart(MatchRulesDto, {
    description: 'The rules (an export gives them all; left out: the defaults).',
  })
  rules?: MatchRulesDto;

  @ApiProperty({ type: MatchLogPlayersDto, description: 'Usernames, or the names an imported match’s file gives.' })
  @ValidateNested()
  @Type(() => MatchLogPlayersDto)
  players!: MatchLogPlayersDto;

  @ApiProperty({
    type: 'array',
    items: eventSchemaRef('MatchLogEvent'),
    maxItems: MAX_LOG_EVENTS,
    description:
      'Every event of the match in order, the engine’s events as stored (docs/architecture.md, "Match event ' +
      'model"; GET /api/matches/{id}/events adds `seq`, `at` and the like); an import replays them all.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LOG_EVENTS)
  @IsObject({ each: true })
  events!: Record<string, unknown>[];
}

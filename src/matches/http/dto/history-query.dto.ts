import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsISO8601, IsOptional, Matches } from 'class-validator';
import { VARIANTS, type Variant } from '../../../engine/index.js';
import { USERNAME_PATTERN } from '../../../users/index.js';
import type { MatchStatusName } from '../../model/match-record.js';
import { PageQueryDto } from '../../../common/page-query.dto.js';
import { OptionalInt } from '../../../common/optional-int.decorator.js';
import { OptionalChoice } from '../../../common/optional-fields.js';

const STATUSES: readonly MatchStatusName[] = ['invited', 'playing', 'finished', 'aborted', 'declined'];
const RESULTS = ['won', 'lost'] as const;

/** The filters of a player's history (`GET /api/users/{username}/matches`): those of `GET /api/matches` but the player. */
export class PlayerHistoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only the matches against this player (seated, or invited to the match).' })
  @IsOptional()
  @Matches(USERNAME_PATTERN, { message: 'opponent must be a username' })
  opponent?: string;

  @OptionalChoice(STATUSES)
  status?: MatchStatusName;

  @OptionalChoice(VARIANTS)
  variant?: Variant;

  @OptionalChoice(RESULTS, { description: 'Only the finished matches the player won, or lost.' })
  result?: (typeof RESULTS)[number];

  @OptionalInt(0, 1000, { minimum: 0, maximum: 1000, description: 'Points to win; 0 for money sessions.' })
  length?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only the matches created at or after this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only the matches created before this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  until?: string;
}

/**
 * `GET /api/matches`: the match history, every filter optional; or, with
 * `open=true` (and `status=invited`, or no status), the open challenges anyone may join.
 */
export class MatchListQueryDto extends PlayerHistoryQueryDto {
  @ApiPropertyOptional({ description: 'Only the matches where this player is seated or invited.' })
  @IsOptional()
  @Matches(USERNAME_PATTERN, { message: 'player must be a username' })
  player?: string;

  @ApiPropertyOptional({
    enum: ['true'],
    description: 'The open challenges anyone may join (invitations naming nobody), instead of the history.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value))
  @Equals(true, { message: 'open must be true (or left out)' })
  open?: boolean;
}

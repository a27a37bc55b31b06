import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto.js';

/** `GET /api/users/me/matches`: all my matches, or with `awaiting=me` the inbox. */
export class MyMatchesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['me'], description: 'Only the matches where I must act, soonest deadline first.' })
  @IsOptional()
  @IsIn(['me'])
  awaiting?: 'me';
}

/** The largest seq a log can reach: seqs are 32-bit integers where they are stored. */
export const LARGEST_SEQ = 2_147_483_647;

export class EventsQueryDto {
  @ApiPropertyOptional({ minimum: 0, maximum: LARGEST_SEQ, default: 0, description: 'Events after this seq.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LARGEST_SEQ)
  after?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

/** `GET /api/matches/{id}/stream`: where to start (Last-Event-ID, when sent, wins). */
export class StreamQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: LARGEST_SEQ,
    description: 'Stream the events after this seq; left out: only those still to come.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LARGEST_SEQ)
  after?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../common/page-query.dto.js';

/** `GET /api/users/me/matches`: all my matches, or with `awaiting=me` the inbox. */
export class MyMatchesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['me'], description: 'Only the matches where I must act, soonest deadline first.' })
  @IsOptional()
  @IsIn(['me'])
  awaiting?: 'me';
}

export class EventsQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Events after this seq.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
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
    description: 'Stream the events after this seq; left out: only those still to come.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  after?: number;
}

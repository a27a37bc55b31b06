import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalInt } from './optional-int.decorator.js';

/** A page of a list: the `next` cursor of the previous page, and its size. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: 'The `next` of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @OptionalInt(1, 100, { minimum: 1, maximum: 100, default: 20 })
  limit?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';

/** What every action may carry: the version the client acted on (or the If-Match header). */
export class ActionDto {
  @ApiPropertyOptional({
    minimum: 0,
    example: 17,
    description:
      'The match version the decision was made on; a stale one is refused with 409 `version-conflict`. Same as `If-Match: "17"`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  expectedVersion?: number;
}

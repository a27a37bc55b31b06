import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto.js';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../../users/index.js';

/** `GET /api/moderation/log`: a page, of one account's entries when `username` is given. */
export class LogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'alice', description: 'Only the entries on this account (case-insensitive).' })
  @IsOptional()
  @Matches(USERNAME_PATTERN, { message: USERNAME_RULE })
  username?: string;
}

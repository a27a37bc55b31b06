import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { UserProfileDto } from './user-profile.dto.js';

/** `GET /api/users?sort=rating`: the leaderboard. */
export class LeaderboardQueryDto {
  @ApiProperty({ enum: ['rating'], description: 'The order: highest rating first (the one order offered).' })
  @Equals('rating', { message: 'sort must be rating' })
  sort!: 'rating';

  @ApiPropertyOptional({ description: 'The `next` of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class LeaderboardDto {
  @ApiProperty({ type: [UserProfileDto], description: 'Players who have played rated matches, highest rating first.' })
  items!: UserProfileDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

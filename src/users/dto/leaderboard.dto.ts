import { ApiProperty } from '@nestjs/swagger';
import { Equals } from 'class-validator';
import { PageQueryDto } from '../../common/page-query.dto.js';
import { UserProfileDto } from './user-profile.dto.js';

/** `GET /api/users?sort=rating`: the leaderboard. */
export class LeaderboardQueryDto extends PageQueryDto {
  @ApiProperty({ enum: ['rating'], description: 'The order: highest rating first (the one order offered).' })
  @Equals('rating', { message: 'sort must be rating' })
  sort!: 'rating';
}

export class LeaderboardDto {
  @ApiProperty({ type: [UserProfileDto], description: 'Players who have played rated matches, highest rating first.' })
  items!: UserProfileDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

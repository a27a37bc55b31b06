import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { User } from '../user.js';

export class PlayerRecordDto {
  @ApiProperty() matchesPlayed!: number;
  @ApiProperty() matchesWon!: number;
  @ApiProperty() matchesLost!: number;
}

/** A player's public profile. */
export class UserProfileDto {
  @ApiProperty({ example: 'alice' })
  username!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Rating; null until rated play exists.', example: null })
  rating!: number | null;

  @ApiPropertyOptional({
    type: PlayerRecordDto,
    nullable: true,
    description: 'Match record; null until match play exists.',
    example: null,
  })
  record!: PlayerRecordDto | null;

  static of(user: User): UserProfileDto {
    return { username: user.username, createdAt: user.createdAt.toISOString(), rating: user.rating, record: null };
  }
}

/** The caller's own account. */
export class MeDto extends UserProfileDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Whether a roll’s only legal play is made at once, as your play.' })
  autoPlayForced!: boolean;

  static override of(user: User): MeDto {
    return { id: user.id, ...UserProfileDto.of(user), autoPlayForced: user.autoPlayForced };
  }
}

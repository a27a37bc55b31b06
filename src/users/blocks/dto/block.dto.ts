import { ApiProperty } from '@nestjs/swagger';

/** A player the caller has blocked. */
export class BlockDto {
  @ApiProperty({ example: 'mallory' })
  username!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When the caller blocked them (the first time, blocked again or not).',
  })
  blockedAt!: string;
}

/** `GET /api/users/me/blocks`: a cursor page of the caller's blocks. */
export class BlockListDto {
  @ApiProperty({ type: [BlockDto], description: 'The players the caller has blocked, the newest block first.' })
  items!: BlockDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

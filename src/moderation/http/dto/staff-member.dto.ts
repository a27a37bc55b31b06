import { ApiProperty } from '@nestjs/swagger';

/** A moderator or admin. */
export class StaffMemberDto {
  @ApiProperty({ example: 'mod_bob' })
  username!: string;

  @ApiProperty({ enum: ['moderator', 'admin'] })
  role!: 'moderator' | 'admin';
}

/** The moderators and admins, by name. */
export class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto] })
  items!: StaffMemberDto[];
}

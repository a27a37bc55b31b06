import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { NewPassword } from '../../security/index.js';

/** A new password, with the current one as proof: the same rule as at registration (8-128 characters). */
export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery staple', format: 'password', description: 'The password now.' })
  @IsString()
  @Length(1, 128, { message: 'currentPassword must be 1-128 characters' })
  currentPassword!: string;

  @NewPassword('staple battery horse correct')
  newPassword!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { PASSWORD_RULE } from '../../security/index.js';

/** A new password, with the current one as proof: the same rule as at registration (8-128 characters). */
export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery staple', format: 'password', description: 'The password now.' })
  @IsString()
  @Length(1, 128, { message: 'currentPassword must be 1-128 characters' })
  currentPassword!: string;

  @ApiProperty({
    example: 'staple battery horse correct',
    minLength: 8,
    maxLength: 128,
    format: 'password',
    description: PASSWORD_RULE,
  })
  @IsString()
  @Length(8, 128, { message: 'newPassword must be 8-128 characters' })
  newPassword!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { IsPlainMailAddress } from '../mail-address.js';
import { NewPassword } from '../../../security/index.js';

/** Whose password to reset: a username, or a verified address. */
export class PasswordResetRequestDto {
  @ApiPropertyOptional({ example: 'alice', description: 'The account’s username; or give `email`.' })
  @ValidateIf((dto: PasswordResetRequestDto) => dto.email === undefined)
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional({
    example: 'alice@example.com',
    format: 'email',
    description: 'The account’s verified address; or give `username`.',
  })
  @ValidateIf((dto: PasswordResetRequestDto) => dto.username === undefined || dto.email !== undefined)
  @IsString()
  @MaxLength(254)
  @IsPlainMailAddress()
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email?: string;
}

/** The token of a reset mail, and the new password. */
export class PasswordResetConfirmDto {
  @ApiProperty({
    example: 'nardy_pr_Vh3x0m2Q9bR7kP1sT5yW8zA4cE6gJ0nL2qU4wY6aC8e',
    description: 'The `token` of the mail’s link.',
  })
  @IsString()
  @Length(1, 128)
  token!: string;

  @NewPassword('staple battery horse correct')
  newPassword!: string;
}

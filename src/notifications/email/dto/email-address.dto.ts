import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { IsPlainMailAddress } from '../mail-address.js';

/** An address to verify (PUT /api/users/me/email). */
export class SetEmailDto {
  @ApiProperty({
    example: 'alice@example.com',
    maxLength: 254,
    format: 'email',
    description:
      'An address without quotes before the @ (quoted-local-part) and without control characters ' +
      '(control-character).',
  })
  @IsString()
  @MaxLength(254)
  @IsPlainMailAddress()
  @IsEmail({ allow_display_name: false, allow_ip_domain: false }, { message: 'email must be an e-mail address' })
  email!: string;
}

/** The token of a verification mail (its link's `token`), or the short code in it. */
export class VerifyEmailDto {
  @ApiProperty({
    example: 'K7QD-MX4P',
    description: 'The `token` of the mail’s link, or the 8-character code in the mail (case and dashes ignored).',
  })
  @IsString()
  @Length(1, 128)
  token!: string;
}

/** The caller's address. */
export class EmailAddressDto {
  @ApiProperty({ type: String, nullable: true, example: 'alice@example.com', description: 'The verified address.' })
  email!: string | null;

  @ApiProperty({ description: 'Whether the account has a verified address (mail is sent only to one).' })
  verified!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'An address asked for whose verification mail is still good; null when none.',
  })
  pendingEmail!: string | null;
}

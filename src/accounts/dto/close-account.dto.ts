import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

/** The account's password, as proof that its player closes it (docs/accounts.md, "Closing"). */
export class CloseAccountDto {
  @ApiProperty({ example: 'correct horse battery staple', format: 'password', description: 'The password now.' })
  @IsString()
  @Length(1, 128, { message: 'password must be 1-128 characters' })
  password!: string;
}

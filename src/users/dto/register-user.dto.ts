import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { PASSWORD_RULE } from '../../security/index.js';
import { IsNewUsername, NEW_USERNAME_RULE, USERNAME_PATTERN } from '../username.js';

export class RegisterUserDto {
  @ApiProperty({
    example: 'alice',
    pattern: USERNAME_PATTERN.source,
    minLength: 3,
    maxLength: 24,
    description: NEW_USERNAME_RULE,
  })
  @IsString()
  @IsNewUsername()
  username!: string;

  @ApiProperty({
    example: 'correct horse battery staple',
    minLength: 8,
    maxLength: 128,
    format: 'password',
    description: PASSWORD_RULE,
  })
  @IsString()
  @Length(8, 128, { message: 'password must be 8-128 characters' })
  password!: string;
}

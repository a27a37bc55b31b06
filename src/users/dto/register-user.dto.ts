import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { NewPassword } from '../../security/index.js';
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

  @NewPassword('correct horse battery staple')
  password!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsNewUsername, NEW_USERNAME_RULE, USERNAME_PATTERN } from '../username.js';

/** The name an account a moderator renamed chooses (docs/moderation.md, "Rename"). */
export class ChooseUsernameDto {
  @ApiProperty({
    example: 'alice2',
    pattern: USERNAME_PATTERN.source,
    minLength: 3,
    maxLength: 24,
    description: `${NEW_USERNAME_RULE}; not a name a moderator took from an account`,
  })
  @IsString()
  @IsNewUsername()
  username!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { MAX_DAYS } from '../../moderation-action.js';

/** What a moderator sends with an action (docs/moderation.md, "Actions"). */
export class ActionRequestDto {
  @ApiProperty({
    example: 'Insults in match messages.',
    minLength: 1,
    maxLength: 2000,
    description: `Why: shown to the account (without the moderator’s name) and in the log. ${PERSON_TEXT_RULE}`,
  })
  @PersonText({ max: 2000 })
  reason!: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_DAYS,
    example: 7,
    description:
      'For `mute`, `ban` and `mark-cheater` only: it lifts itself after this many days. Absent: until lifted. ' +
      'Sent with another action: 400 `days-not-allowed`.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_DAYS)
  days?: number;
}

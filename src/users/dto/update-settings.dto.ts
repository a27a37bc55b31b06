import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES, type Language } from '../../common/languages.js';
import { OptionalFlag } from '../../common/optional-fields.js';

/** The settings a player may change on their own account. */
export class UpdateSettingsDto {
  @OptionalFlag({
    example: true,
    description: 'Play a roll’s only legal play at once, recorded as your play (default off).',
  })
  autoPlayForced?: boolean;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    nullable: true,
    example: 'ru',
    description:
      'The language of the web client and of the notifications to you (push, mail): en, ru, lt or hy; null to follow the browser again (notifications: English). Problems follow each request’s Accept-Language.',
  })
  @IsOptional()
  @IsIn([...LANGUAGES, null])
  language?: Language | null;
}

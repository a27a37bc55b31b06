import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/** The settings a player may change on their own account. */
export class UpdateSettingsDto {
  @ApiPropertyOptional({
    example: true,
    description: 'Play a roll’s only legal play at once, recorded as your play (default off).',
  })
  @IsOptional()
  @IsBoolean()
  autoPlayForced?: boolean;
}

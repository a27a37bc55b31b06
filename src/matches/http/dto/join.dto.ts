import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { ActionDto } from './action.dto.js';

export class JoinDto extends ActionDto {
  @ApiPropertyOptional({
    maxLength: 128,
    example: 'another lucky string',
    description: 'Your contribution to the dice derivation (docs/dice-fairness.md).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  clientSeed?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { ResultMultiplier } from '../../../engine/index.js';
import { ActionDto } from './action.dto.js';

export class ResignDto extends ActionDto {
  @ApiProperty({
    enum: [1, 2, 3],
    example: 1,
    description: 'Resign the game for 1 (single, oin), 2 (gammon, mars) or 3 (backgammon, koks) times the cube.',
  })
  @IsIn([1, 2, 3])
  value!: ResultMultiplier;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BoardDto } from './board.dto.js';

export class MoveDto {
  @ApiProperty({ minimum: 1, maximum: 25, example: 24, description: 'In the mover’s numbering; 25 is the bar.' })
  from!: number;

  @ApiProperty({ minimum: 0, maximum: 24, example: 21, description: 'In the mover’s numbering; 0 is off.' })
  to!: number;
}

export class PlayDto {
  @ApiProperty({ type: [MoveDto], description: 'The checker moves in canonical order (higher points first).' })
  moves!: MoveDto[];

  @ApiProperty({ example: '8/5 6/5', description: 'The play in GNU Backgammon’s notation.' })
  text!: string;

  @ApiProperty({
    type: BoardDto,
    description: 'The board after the play, same orientation as the request (`player` is still the side that moved).',
  })
  position!: BoardDto;

  @ApiPropertyOptional({
    example: 'sGfwATDgc/ABMA',
    description: 'Backgammon: gnubg Position ID of the result, with the opponent on roll.',
  })
  positionId?: string;
}

export class LegalPlaysResponseDto {
  @ApiProperty({
    type: [PlayDto],
    description: 'Every legal play, one per distinct resulting position; empty when no play is possible.',
  })
  plays!: PlayDto[];
}

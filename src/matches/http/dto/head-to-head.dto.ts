import { ApiProperty } from '@nestjs/swagger';

/** Two players' finished matches against each other, from the first's side. */
export class HeadToHeadDto {
  @ApiProperty({ example: 'alice' }) player!: string;
  @ApiProperty({ example: 'bob' }) opponent!: string;
  @ApiProperty({ description: 'Finished matches between the two, played here.' }) matchesPlayed!: number;
  @ApiProperty({ description: 'Of them, won by the player.' }) matchesWon!: number;
  @ApiProperty({ description: 'Of them, won by the opponent.' }) matchesLost!: number;
  @ApiProperty({ description: 'The player’s points in those matches.' }) pointsWon!: number;
  @ApiProperty({ description: 'The opponent’s points in those matches.' }) pointsLost!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastFinishedAt!: string | null;
}

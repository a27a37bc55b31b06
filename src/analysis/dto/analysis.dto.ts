/** The OpenAPI models of an analysis (docs/analysis.md "API"). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class MoveDto {
  @ApiProperty({ example: 24 }) from!: number;
  @ApiProperty({ example: 18 }) to!: number;
}

export class AnalysedDecisionDto {
  @ApiProperty({
    description: 'The event that took the decision (the play, the roll that was not a double, the double, the answer).',
  })
  seq!: number;
  @ApiProperty({ enum: ['white', 'black'] }) by!: string;
  @ApiProperty({ enum: ['play', 'cube', 'take', 'resignation'] }) kind!: string;
  @ApiProperty({
    description:
      'The play’s text (`24/18 13/10`), or the choice: `no-double`, `double`, `take`, `drop`, `beaver`, `accept`, `reject`.',
  })
  played!: string;
  @ApiProperty({
    description:
      'The engine’s best: a play’s text, or `no-double`, `double`, `too-good`, `take`, `drop`, `accept`, `reject`.',
  })
  best!: string;
  @ApiPropertyOptional({
    type: [MoveDto],
    description: 'Plays: the moves played, in the mover’s numbering (25 the bar, 0 off).',
  })
  playedMoves?: MoveDto[];
  @ApiPropertyOptional({ type: [MoveDto], description: 'Plays: the best play’s moves.' })
  bestMoves?: MoveDto[];
  @ApiProperty({
    description:
      'Normalised equity given away against the best (0 for the best, never negative): at match play in match-winning terms at the score and cube, in money sessions in points per cube.',
  })
  loss!: number;
  @ApiProperty({ enum: ['doubtful', 'bad', 'very-bad'], nullable: true, type: String })
  mark!: string | null;
  @ApiProperty({ description: 'Whether it counts among the player’s unforced decisions (PR and error rates).' })
  counted!: boolean;
  @ApiPropertyOptional({ description: 'Plays: the luck of the throw played (normalised equity).' })
  luck?: number;
}

export class AnalysedRollDto {
  @ApiProperty() seq!: number;
  @ApiProperty({ enum: ['white', 'black'] }) by!: string;
  @ApiProperty({ type: [Number], example: [6, 4] }) dice!: number[];
  @ApiProperty({ description: 'The equity after this throw’s best play less the mean over every throw.' })
  luck!: number;
  @ApiProperty({ description: 'The same luck in the result’s terms: match-winning chance, or points.' })
  luckCost!: number;
}

export class AnalysedGameDto {
  @ApiProperty() number!: number;
  @ApiProperty({ type: [AnalysedDecisionDto] }) decisions!: AnalysedDecisionDto[];
  @ApiProperty({ type: [AnalysedRollDto] }) rolls!: AnalysedRollDto[];
}

class ErrorCountsDto {
  @ApiProperty() doubtful!: number;
  @ApiProperty() bad!: number;
  @ApiProperty() veryBad!: number;
}

export class PlayerFiguresDto {
  @ApiProperty({
    description: 'Performance rating: 500 × the mean normalised error per unforced decision (GNU Backgammon’s).',
  })
  pr!: number;
  @ApiProperty({ description: 'Mean error per unforced play, in millipoints.' }) chequerErrorRate!: number;
  @ApiProperty({ description: 'Mean error per counted cube decision, in millipoints.' }) cubeErrorRate!: number;
  @ApiProperty() unforcedDecisions!: number;
  @ApiProperty() unforcedPlays!: number;
  @ApiProperty() cubeDecisions!: number;
  @ApiProperty({ description: 'The sum of the player’s throws’ luck (normalised equity).' }) luck!: number;
  @ApiProperty({ description: 'Match-winning chance gained (match play) or points won (money).' })
  actualResult!: number;
  @ApiProperty({ description: 'The result less the difference of the two players’ luck.' }) luckAdjustedResult!: number;
  @ApiProperty({ type: ErrorCountsDto }) errors!: ErrorCountsDto;
}

class AnalysisPlayersDto {
  @ApiProperty({ type: PlayerFiguresDto }) white!: PlayerFiguresDto;
  @ApiProperty({ type: PlayerFiguresDto }) black!: PlayerFiguresDto;
}

class AnalysisEngineDto {
  @ApiProperty({ enum: ['gnubg', 'nardy-net'], description: 'GNU Backgammon, or the service’s own network.' })
  name!: string;
  @ApiProperty({ description: 'Look-ahead in plies.' }) plies!: number;
}

export class AnalysisSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] }) status!: string;
  @ApiProperty({ description: '0 to 1 while it runs.' }) progress!: number;
  @ApiProperty({ type: AnalysisEngineDto }) engine!: AnalysisEngineDto;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed.' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

export class AnalysisListDto {
  @ApiProperty({ type: [AnalysisSummaryDto], description: 'The newest first; empty when none was asked for.' })
  analyses!: AnalysisSummaryDto[];
}

export class AnalysisDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] }) status!: string;
  @ApiProperty({ description: '0 to 1 while it runs.' }) progress!: number;
  @ApiProperty({ type: AnalysisEngineDto }) engine!: AnalysisEngineDto;
  @ApiProperty({ type: AnalysisPlayersDto, nullable: true, description: 'Once done.' })
  players!: AnalysisPlayersDto | null;
  @ApiProperty({ type: [AnalysedGameDto], description: 'Once done: each game’s decisions and throws.' })
  games!: AnalysedGameDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed.' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

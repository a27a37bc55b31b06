/** OpenAPI schemas of a match's games and turns (docs/architecture.md "Games and turns"). */
import { ApiProperty } from '@nestjs/swagger';
import { COLOURS, RESULT_KINDS } from '../../../engine/index.js';
import { MoveDto } from '../../../positions/index.js';
import type { MatchGamesService } from '../../read/match-games.service.js';
import type { CubeActionView, GameRecordView, GameWithTurns, TurnRecordView } from '../../view/match-games.js';
import type { AgreeAll, Agrees } from './agrees.js';

const RESULTS = [...RESULT_KINDS.backgammon, ...RESULT_KINDS['long-nardy']];
const ENDINGS = ['bear-off', 'drop', 'resignation', 'timeout', 'leave'];

export class GameRecordDto {
  @ApiProperty({ example: 1 })
  number!: number;

  @ApiProperty({ enum: COLOURS, nullable: true, description: 'Who played first; null before anyone has.' })
  starter!: string | null;

  @ApiProperty({ enum: COLOURS, nullable: true })
  winner!: string | null;

  @ApiProperty({
    enum: RESULTS,
    nullable: true,
    description:
      'single/gammon/backgammon (backgammon), oin/mars/koks (long nardy); null while unfinished, or when a timeout or a leave ended the match during it (a money game forfeited by leaving has its result).',
  })
  result!: string | null;

  @ApiProperty({ enum: ENDINGS, nullable: true, description: 'How the game ended; null while it goes on.' })
  endedBy!: string | null;

  @ApiProperty({ example: 2, description: 'Points the winner scored.' })
  points!: number;

  @ApiProperty({ example: 2, description: 'The cube value the game was scored at (while it goes on, the value now).' })
  cubeValue!: number;

  @ApiProperty({ example: 23 })
  turns!: number;
}

export class GamesDto {
  @ApiProperty({ type: [GameRecordDto] })
  games!: GameRecordDto[];
}

export class CubeActionDto {
  @ApiProperty({ enum: ['double', 'take', 'drop', 'beaver'] })
  action!: string;

  @ApiProperty({ enum: COLOURS })
  by!: string;

  @ApiProperty({ example: 2, description: 'The cube value after the action (a drop leaves it as offered).' })
  cubeValue!: number;
}

export class ResignationRecordDto {
  @ApiProperty({ enum: COLOURS })
  by!: string;

  @ApiProperty({ enum: [1, 2, 3] })
  value!: number;

  @ApiProperty({ type: Boolean, nullable: true, description: 'null while unanswered.' })
  accepted!: boolean | null;
}

export class TurnRecordDto {
  @ApiProperty({ example: 1 })
  number!: number;

  @ApiProperty({ enum: COLOURS })
  player!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '4HPwATDgc/ABMA',
    description:
      'Backgammon: gnubg Position ID at the start of the turn, the turn’s player on roll; null in long nardy.',
  })
  positionId!: string | null;

  @ApiProperty({ type: [CubeActionDto] })
  cube!: CubeActionDto[];

  @ApiProperty({ type: [Number], nullable: true, example: [3, 1], description: 'null when nothing was thrown.' })
  dice!: number[] | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '8/5 6/5',
    description: 'The play in gnubg’s notation; empty when the throw had no legal play; null when nothing was thrown.',
  })
  play!: string | null;

  @ApiProperty({ type: [MoveDto], nullable: true })
  moves!: MoveDto[] | null;

  @ApiProperty({ type: ResignationRecordDto, nullable: true })
  resignation!: ResignationRecordDto | null;
}

export class GameTurnsDto {
  @ApiProperty({ type: GameRecordDto })
  game!: GameRecordDto;

  @ApiProperty({ type: [TurnRecordDto] })
  turns!: TurnRecordDto[];
}

/** The schemas above document a match's games and turns field for field (agrees.ts). */
export type MatchGamesAgreement = AgreeAll<
  [
    Agrees<GamesDto, Awaited<ReturnType<MatchGamesService['games']>>>,
    Agrees<GameRecordDto, GameRecordView>,
    Agrees<GameTurnsDto, GameWithTurns>,
    Agrees<TurnRecordDto, TurnRecordView>,
    Agrees<CubeActionDto, CubeActionView>,
  ]
>;

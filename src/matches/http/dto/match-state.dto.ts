/**
 * OpenAPI schemas of the match state JSON (docs/architecture.md, "Match state
 * JSON"); the values themselves are built by match-presenter.ts.
 */
import { ApiProperty, type ApiPropertyOptions, ApiPropertyOptional, DECORATORS } from '@nestjs/swagger';
import { COLOURS, VARIANTS } from '../../../engine/index.js';
import { SideBoardDto, MoveDto } from '../../../positions/index.js';
import { ACTION_NAMES } from '../../model/action-names.js';
import { AWAITING, MATCH_STATUS_NAMES } from '../../model/match-record.js';
import type { GameView, MatchView, ResultView, SideView, TurnView } from '../../view/match-view.js';
import type { AgreeAll, Agrees } from './agrees.js';
import { MatchRulesDto } from './create-match.dto.js';

/**
 * The rules a match is played by: each option of MatchRulesDto with its value
 * (a request may leave any out for its default; an answer gives them all).
 */
export class AppliedRulesDto extends MatchRulesDto {}
for (const key of Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, MatchRulesDto.prototype) as string[]) {
  const name = key.slice(1);
  const option = Reflect.getMetadata(
    DECORATORS.API_MODEL_PROPERTIES,
    MatchRulesDto.prototype,
    name,
  ) as ApiPropertyOptions;
  ApiProperty({ ...option, required: true } as ApiPropertyOptions)(AppliedRulesDto.prototype, name);
}

export class ByColourNumberDto {
  @ApiProperty({ example: 2 })
  white!: number;

  @ApiProperty({ example: 0 })
  black!: number;
}

export class PlayerRefDto {
  @ApiProperty({ example: 'alice' })
  username!: string;

  @ApiProperty({
    example: false,
    description:
      'Whether a program plays the account: a house bot (`bot-easy`, `bot`, `gnubg`) or an outside bot. False for the players of an imported match, named by its file.',
  })
  bot!: boolean;

  @ApiPropertyOptional({
    enum: [true],
    description:
      'Present, and true, when the player closed the account (docs/accounts.md, "Closing"): the name stays in the ' +
      'match and its history, and GET /api/users/{username} answers 410 `account-closed`.',
  })
  closed?: true;
}

export class SeatsDto {
  @ApiProperty({ type: PlayerRefDto, nullable: true, description: 'Null until the seat is taken.' })
  white!: PlayerRefDto | null;

  @ApiProperty({ type: PlayerRefDto, nullable: true })
  black!: PlayerRefDto | null;
}

export class ColourBoardDto {
  @ApiProperty({ type: SideBoardDto, description: 'White’s checkers in white’s own numbering.' })
  white!: SideBoardDto;

  @ApiProperty({ type: SideBoardDto, description: 'Black’s checkers in black’s own numbering.' })
  black!: SideBoardDto;
}

export class CubeDto {
  @ApiProperty({ example: 2 })
  value!: number;

  @ApiProperty({ enum: COLOURS, nullable: true, description: 'Null while the cube is centred.' })
  owner!: string | null;
}

export class LastPlayDto {
  @ApiProperty({ enum: COLOURS })
  by!: string;

  @ApiProperty({ type: [Number], example: [6, 4], description: 'The dice it was made with.' })
  dice!: number[];

  @ApiProperty({
    type: [MoveDto],
    description: 'Its single-die moves in the mover’s numbering (empty: the roll could not be played).',
  })
  moves!: MoveDto[];

  @ApiProperty({
    example: '24/14',
    description: 'gnubg’s text of the play, hits marked (`*`); empty when nothing could be played.',
  })
  text!: string;
}

export class GameDto {
  @ApiProperty({ example: 3, description: 'The game’s number in the match, from 1.' })
  number!: number;

  @ApiProperty({ type: ColourBoardDto })
  board!: ColourBoardDto;

  @ApiProperty({ type: CubeDto })
  cube!: CubeDto;

  @ApiProperty({ type: [Number], nullable: true, example: [6, 1], description: 'The dice to play; null otherwise.' })
  dice!: number[] | null;

  @ApiProperty({ type: ByColourNumberDto, description: 'Pip counts.' })
  pips!: ByColourNumberDto;

  @ApiProperty({
    type: LastPlayDto,
    nullable: true,
    description:
      'The last checker play of this game, so a client can show what was played after a reload; null before the first.',
  })
  lastPlay!: LastPlayDto | null;

  @ApiPropertyOptional({ example: '4HPwATDgc/ABMA', description: 'Backgammon: gnubg Position ID, player on roll.' })
  positionId?: string;

  @ApiPropertyOptional({ example: 'cAkAAAAAAAAA', description: 'Backgammon: gnubg Match ID (white is player 0).' })
  matchId?: string;
}

export class TurnDto {
  @ApiProperty({ enum: COLOURS, nullable: true, description: 'Who must decide now; null when nobody in particular.' })
  player!: string | null;

  @ApiProperty({ enum: AWAITING, nullable: true })
  awaiting!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Correspondence deadline.' })
  deadline!: string | null;
}

export class ResultDto {
  @ApiProperty({ enum: COLOURS, nullable: true, description: 'Null only for a money session left at an even score.' })
  winner!: string | null;

  @ApiProperty({ enum: ['points', 'timeout', 'leave'] })
  reason!: string;

  @ApiProperty({ type: ByColourNumberDto })
  score!: ByColourNumberDto;
}

export class FairnessSummaryDto {
  @ApiProperty({ example: '9f2c…', description: 'sha256 of the dice seed, published from the start.' })
  commitment!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The dice seed, revealed once the match is over.' })
  seed!: string | null;
}

export class MatchStateDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: VARIANTS })
  variant!: string;

  @ApiProperty({ example: 5, description: 'Points to win; 0 for a money session.' })
  length!: number;

  @ApiProperty({ type: Number, nullable: true, example: 3 })
  daysPerTurn!: number | null;

  @ApiProperty({ example: 0, description: 'Each player’s time bank for the match, in days.' })
  bankDays!: number;

  @ApiProperty({ type: AppliedRulesDto })
  rules!: AppliedRulesDto;

  @ApiProperty({
    enum: ['played', 'imported'],
    description:
      'imported: read from a .mat or JSON file (finished, read-only, unrated); its players are named as the file names them.',
  })
  source!: string;

  @ApiProperty({
    description:
      'Whether the result moves both players’ ratings (matches to N points unless created unrated); false once a match is aborted by a leave.',
  })
  rated!: boolean;

  @ApiProperty({
    enum: ['pair-daily-limit', 'aborted-by-leave'],
    nullable: true,
    description:
      'Why a match asked rated is played unrated: pair-daily-limit when its two players already had RATED_MATCHES_PER_PAIR_PER_DAY rated matches in the last 24 hours (said when an invitation is created, or when an open challenge is joined); aborted-by-leave when it ended by a leave or a timeout before both players made 3 checker plays with a choice (the result still says who won and why; the leaver’s profile counts it); null otherwise.',
  })
  unratedReason!: string | null;

  @ApiProperty({ enum: MATCH_STATUS_NAMES })
  status!: string;

  @ApiProperty({ example: 17, description: 'The number of events; send it back as expectedVersion or If-Match.' })
  version!: number;

  @ApiProperty({ type: SeatsDto })
  players!: SeatsDto;

  @ApiProperty({ type: String, nullable: true, description: 'The invited player; null for an open challenge.' })
  opponent!: string | null;

  @ApiProperty({ enum: COLOURS, nullable: true, description: 'The caller’s colour; null for spectators.' })
  you!: string | null;

  @ApiProperty({ type: ByColourNumberDto })
  score!: ByColourNumberDto;

  @ApiProperty({ description: 'Whether the current game is the Crawford game.' })
  crawford!: boolean;

  @ApiProperty({ type: GameDto })
  game!: GameDto;

  @ApiProperty({ type: TurnDto })
  turn!: TurnDto;

  @ApiProperty({
    enum: ACTION_NAMES,
    isArray: true,
    example: ['plays', 'resign'],
    description: 'What the caller may POST now, as path segments under /api/matches/{id}/.',
  })
  actions!: string[];

  @ApiProperty({ type: ResultDto, nullable: true })
  result!: ResultDto | null;

  @ApiProperty({
    type: ByColourNumberDto,
    nullable: true,
    description:
      'How far the end of this rated match moved each player’s rating (FIBS points, unrounded: the winner’s up, the loser’s down); null before the end, for an unrated match, and for rated matches that ended before the service kept it.',
  })
  ratingChange!: ByColourNumberDto | null;

  @ApiProperty({ type: ByColourNumberDto, nullable: true, description: 'Milliseconds left in each time bank.' })
  banks!: ByColourNumberDto | null;

  @ApiProperty({
    type: FairnessSummaryDto,
    nullable: true,
    description: 'The dice commitment and, once the match is over, the seed; null for an imported match.',
  })
  fairness!: FairnessSummaryDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** The schemas above document the match state JSON field for field (agrees.ts). */
export type MatchStateAgreement = AgreeAll<
  [
    Agrees<MatchStateDto, MatchView>,
    Agrees<GameDto, GameView>,
    Agrees<SideBoardDto, SideView>,
    Agrees<TurnDto, TurnView>,
    Agrees<ResultDto, ResultView>,
  ]
>;

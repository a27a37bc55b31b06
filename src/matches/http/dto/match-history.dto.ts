/** OpenAPI schemas of the read-side shapes (events, positions, fairness, lists, legal plays). */
import { ApiProperty } from '@nestjs/swagger';
import { VARIANTS } from '../../../engine/index.js';
import { PlayDto } from '../../../positions/index.js';
import { MATCH_STATUS_NAMES } from '../../model/match-record.js';
import type {
  EventsPage,
  EventView,
  FairnessView,
  MatchLegalPlaysView,
  MatchListView,
  MatchSummaryView,
  PositionView,
  ThrowView,
} from '../../view/match-history-view.js';
import type { AgreeAll, Agrees } from './agrees.js';
import { eventSchemaRef } from './match-event.dto.js';
import { ByColourNumberDto, GameDto, LastPlayDto, ResultDto, SeatsDto, TurnDto } from './match-state.dto.js';

export class EventsPageDto {
  @ApiProperty({
    type: 'array',
    items: eventSchemaRef('MatchEvent'),
    description: 'The events in order; each has the fields of its `type` (dice, moves, board, value, outcome, …).',
  })
  events!: EventView[];

  @ApiProperty({ type: Number, nullable: true, description: '`after` for the next page; null on the last.' })
  next!: number | null;
}

export class PositionAtDto {
  @ApiProperty({ example: 12 })
  seq!: number;

  @ApiProperty({ type: ByColourNumberDto })
  score!: ByColourNumberDto;

  @ApiProperty()
  crawford!: boolean;

  @ApiProperty({ type: GameDto })
  game!: GameDto;

  @ApiProperty({ type: TurnDto })
  turn!: TurnDto;
}

export class ThrowDto {
  @ApiProperty({ example: 0, description: 'The throw’s index in the dice derivation.' })
  rollIndex!: number;

  @ApiProperty({ example: 3, description: 'The event that recorded it.' })
  seq!: number;

  @ApiProperty({ type: [Number], example: [6, 1], description: 'A roll’s dice; an opening throw’s [white, black].' })
  dice!: number[];
}

export class FairnessDto {
  @ApiProperty({ example: 'nardy-dice-v1' })
  algorithm!: string;

  @ApiProperty({ description: 'sha256 of the seed, published at creation.' })
  commitment!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Revealed once the match is over.' })
  seed!: string | null;

  @ApiProperty({ type: [String], description: 'The players’ client seeds, in join order.' })
  clientSeeds!: string[];

  @ApiProperty({ type: [ThrowDto] })
  throws!: ThrowDto[];
}

export class MatchLegalPlaysDto {
  @ApiProperty({ type: [Number], nullable: true, example: [6, 1], description: 'Null when no play is awaited.' })
  dice!: number[] | null;

  @ApiProperty({ type: [PlayDto] })
  plays!: PlayDto[];

  @ApiProperty({
    description:
      'Whether this is the mover’s first turn of the game: in long nardy a double may then take two checkers off the head (docs/rules.md N5). A board UI that builds plays step by step passes it to the engine (`stepsAfter`, option `firstTurn`); false when no play is awaited.',
  })
  firstTurn!: boolean;
}

export class MatchSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: VARIANTS })
  variant!: string;

  @ApiProperty()
  length!: number;

  @ApiProperty({ enum: ['played', 'imported'] })
  source!: string;

  @ApiProperty({ enum: MATCH_STATUS_NAMES })
  status!: string;

  @ApiProperty()
  version!: number;

  @ApiProperty({ type: SeatsDto })
  players!: SeatsDto;

  @ApiProperty({ type: String, nullable: true })
  opponent!: string | null;

  @ApiProperty({ type: ByColourNumberDto })
  score!: ByColourNumberDto;

  @ApiProperty({ type: TurnDto })
  turn!: TurnDto;

  @ApiProperty({ type: ResultDto, nullable: true, description: 'The outcome of a finished match; null otherwise.' })
  result!: ResultDto | null;

  @ApiProperty({ type: Number, nullable: true })
  daysPerTurn!: number | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it ended; null while it goes on.',
  })
  finishedAt!: string | null;

  @ApiProperty({
    type: LastPlayDto,
    nullable: true,
    description:
      'The game’s last checker play, for a list to say "bob played 6-4: 24/14"; null before one (and for a match with no event since the service began to keep it).',
  })
  lastPlay!: LastPlayDto | null;
}

export class MatchListDto {
  @ApiProperty({ type: [MatchSummaryDto] })
  items!: MatchSummaryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

/** The schemas above document the read side's answers field for field (agrees.ts). */
export type MatchHistoryAgreement = AgreeAll<
  [
    Agrees<EventsPageDto, EventsPage>,
    Agrees<PositionAtDto, PositionView>,
    Agrees<ThrowDto, ThrowView>,
    Agrees<FairnessDto, FairnessView>,
    Agrees<MatchLegalPlaysDto, MatchLegalPlaysView>,
    Agrees<MatchSummaryDto, MatchSummaryView>,
    Agrees<MatchListDto, MatchListView>,
  ]
>;

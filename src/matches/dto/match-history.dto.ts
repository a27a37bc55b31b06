/** OpenAPI schemas of the read-side shapes (events, positions, fairness, lists, legal plays). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COLOURS } from '../../engine/index.js';
import { PlayDto } from '../../positions/dto/legal-plays-response.dto.js';
import { ByColourNumberDto, GameDto, ResultDto, SeatsDto, TurnDto } from './match-state.dto.js';

export class MatchEventDto {
  @ApiProperty({ example: 5, description: 'From 1; the match version is the last one.' })
  seq!: number;

  @ApiProperty({ example: 'play', description: 'The engine’s event type (docs/architecture.md, "Match event model").' })
  type!: string;

  @ApiProperty({ enum: COLOURS, nullable: true, description: 'The acting colour; null for the server’s own events.' })
  by!: string | null;

  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiPropertyOptional({ description: 'Backgammon: gnubg Position ID after the event, player to act next.' })
  positionId?: string;
}

export class EventsPageDto {
  @ApiProperty({
    type: [MatchEventDto],
    description: 'Each event also carries its own fields: dice, moves, board, value, outcome, …',
  })
  events!: MatchEventDto[];

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
}

export class MatchSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  variant!: string;

  @ApiProperty()
  length!: number;

  @ApiProperty({ enum: ['played', 'imported'] })
  source!: string;

  @ApiProperty()
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
}

export class MatchListDto {
  @ApiProperty({ type: [MatchSummaryDto] })
  items!: MatchSummaryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto.js';
import { TOURNAMENT_FORMATS, VARIANTS } from '../../../engine/index.js';
import { MatchRulesDto } from '../../../matches/index.js';
import { OptionalInt } from '../../../common/optional-int.decorator.js';
import { OptionalChoice } from '../../../common/optional-fields.js';

const STATUSES = ['open', 'running', 'finished', 'cancelled'] as const;

export class TournamentEntrantDto {
  @ApiProperty() username!: string;
  @ApiProperty({ type: Number, nullable: true, description: '1 for the top seed; null before the start.' })
  seed!: number | null;
  @ApiProperty({ description: 'The rating when entering.' }) rating!: number;
  @ApiProperty() bot!: boolean;
  @ApiProperty({ description: 'Withdrew after the start.' }) withdrawn!: boolean;
}

export class TournamentMatchDto {
  @ApiProperty({ description: 'The pairing’s place in its round, from 0.' }) slot!: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) matchId!: string | null;
  @ApiProperty({
    type: 'array',
    // The pair is always there; each of its places may be empty.
    items: { type: 'string', nullable: true },
    minItems: 2,
    maxItems: 2,
    description: 'White first; null is nobody (a bye) or not known yet (see `waiting`).',
  })
  players!: (string | null)[];
  @ApiProperty({
    type: [Boolean],
    minItems: 2,
    maxItems: 2,
    description: 'Which side waits for the winner of an earlier match.',
  })
  waiting!: boolean[];
  @ApiProperty({ type: String, nullable: true }) winner!: string | null;
  @ApiProperty({ type: [Number], nullable: true, description: 'Points won by each player, in `players` order.' })
  points!: number[] | null;
  @ApiProperty({ enum: ['match', 'bye', 'walkover'], nullable: true }) decidedBy!: string | null;
}

export class TournamentRoundDto {
  @ApiProperty() number!: number;
  @ApiProperty({ description: 'Points of each match of the round.' }) length!: number;
  @ApiProperty({ type: [TournamentMatchDto] }) matches!: TournamentMatchDto[];
}

export class TournamentStandingDto {
  @ApiProperty() username!: string;
  @ApiProperty({ type: Number, nullable: true }) seed!: number | null;
  @ApiProperty() played!: number;
  @ApiProperty() won!: number;
  @ApiProperty() lost!: number;
  @ApiProperty() pointsFor!: number;
  @ApiProperty() pointsAgainst!: number;
  @ApiProperty() rank!: number;
  @ApiProperty({
    enum: ['head-to-head', 'points-difference', 'points-won', 'seed'],
    nullable: true,
    description: 'The rule that put this player above the next when their matches won were level.',
  })
  tieBreak!: string | null;
  @ApiProperty() withdrawn!: boolean;
}

export class TournamentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ enum: TOURNAMENT_FORMATS }) format!: string;
  @ApiProperty({ description: 'The organiser’s username.' }) organiser!: string;
  @ApiProperty({ enum: VARIANTS }) variant!: string;
  @ApiProperty({ type: [Number] }) lengths!: number[];
  @ApiProperty({ type: MatchRulesDto }) rules!: MatchRulesDto;
  @ApiProperty({ type: Number, nullable: true }) daysPerTurn!: number | null;
  @ApiProperty() bankDays!: number;
  @ApiProperty() rated!: boolean;
  @ApiProperty() maxPlayers!: number;
  @ApiProperty({ type: Number, nullable: true }) minRating!: number | null;
  @ApiProperty({ type: Number, nullable: true }) maxRating!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) entriesCloseAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startsAt!: string | null;
  @ApiProperty() botsAllowed!: boolean;
  @ApiProperty({ description: 'Whether an entry is taken now.' }) entriesOpen!: boolean;
  @ApiProperty({ type: [TournamentEntrantDto] }) entrants!: TournamentEntrantDto[];
  @ApiProperty({ type: [TournamentRoundDto] }) rounds!: TournamentRoundDto[];
  @ApiProperty({ type: [TournamentStandingDto], description: 'Empty before the start.' })
  standings!: TournamentStandingDto[];
  @ApiProperty({ type: String, nullable: true }) champion!: string | null;
  @ApiProperty({ enum: ['organiser', 'too-few-entrants'], nullable: true }) cancelled!: string | null;
  @ApiProperty({ description: 'The log’s last version.' }) version!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class TournamentListDto {
  @ApiProperty({ type: [TournamentDto] }) tournaments!: TournamentDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}

export class TournamentListQueryDto extends PageQueryDto {
  @OptionalChoice(STATUSES)
  status?: (typeof STATUSES)[number];

  @ApiPropertyOptional({ description: 'Only the tournaments this player entered.' })
  @IsOptional()
  @IsString()
  @Length(1, 24)
  player?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Only the tournament this match plays for (none: an empty list): the way from a match to its tournament.',
  })
  @IsOptional()
  @IsUUID()
  match?: string;
}

export class TournamentEventDto {
  @ApiProperty() version!: number;
  @ApiProperty({
    enum: [
      'created',
      'entered',
      'withdrew',
      'started',
      'match-created',
      'match-finished',
      'advanced',
      'finished',
      'cancelled',
    ],
  })
  type!: string;
  @ApiProperty({ description: 'The event as the log holds it (docs/tournaments.md, "The log").', type: Object })
  event!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class TournamentEventListDto {
  @ApiProperty({ type: [TournamentEventDto] }) events!: TournamentEventDto[];
  @ApiProperty({ description: 'The log’s last version.' }) version!: number;
}

export class TournamentQueryDto {
  @OptionalInt(1, 2_147_483_647, { minimum: 1, description: 'The tournament as it stood after this event of its log.' })
  version?: number;
}

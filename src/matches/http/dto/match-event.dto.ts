/**
 * OpenAPI schemas of the match events (docs/architecture.md, "Match event
 * model"), one per event type with `type` as its discriminator:
 * - `MatchLogEvent`: an event as the engine stores it (src/engine's events),
 *   the events of export.json and of an import;
 * - `MatchEvent`: an event as the API shows it (match-event-view.ts): the same
 *   fields with `seq`, `by`, `at` and `positionId`, the items of
 *   GET /api/matches/{id}/events and the data of both event streams.
 * A generated client narrows `e.type === 'roll'` to the roll's fields.
 */
import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath, type SchemaObject } from '@nestjs/swagger';
import {
  COLOURS,
  MATCH_EVENT_TYPES,
  type Colour,
  type ColourBoard,
  type Dice,
  type Die,
  type GameEndReason,
  type MatchEvent,
  type MatchEventType,
  type ResultKind,
  type ResultMultiplier,
} from '../../../engine/index.js';
import { MoveDto } from '../../../positions/index.js';
import { ColourBoardDto, ResultDto } from './match-state.dto.js';

const DIE = { type: 'integer', minimum: 1, maximum: 6 } as const;

/** The events a player makes: `by` is the player's colour. */
class PlayerEventFields {
  @ApiProperty({ enum: COLOURS, description: 'The acting colour.' })
  by!: Colour;
}

class JoinFields {
  @ApiProperty({ enum: COLOURS, description: 'The seat taken.' })
  colour!: Colour;

  @ApiPropertyOptional({
    maxLength: 128,
    description: 'The player’s contribution to the dice (docs/dice-fairness.md).',
  })
  clientSeed?: string;
}

class OpeningRollFields {
  @ApiProperty({ ...DIE, description: 'White’s die.' })
  white!: Die;

  @ApiProperty({ ...DIE, description: 'Black’s die; equal dice are thrown again.' })
  black!: Die;
}

class RollFields extends PlayerEventFields {
  @ApiProperty({ type: 'array', items: DIE, minItems: 2, maxItems: 2, example: [6, 1] })
  dice!: Dice;
}

class PlayFields extends PlayerEventFields {
  @ApiProperty({ type: [MoveDto], maxItems: 4, description: 'The checker moves in the mover’s numbering.' })
  moves!: readonly MoveDto[];

  @ApiPropertyOptional({ type: ColourBoardDto, description: 'The board after the play, by colour.' })
  board?: ColourBoard;
}

class ResignFields extends PlayerEventFields {
  @ApiProperty({
    enum: [1, 2, 3],
    description: 'For 1 (single, oin), 2 (gammon, mars) or 3 (backgammon, koks) times the cube.',
  })
  value!: ResultMultiplier;
}

/** Every way a game ends, the compiler keeping the list whole (a money session's `leave` among them). */
const GAME_END_REASONS: Record<GameEndReason, true> = { 'bear-off': true, drop: true, resignation: true, leave: true };

export class GameOutcomeDto {
  @ApiProperty({ enum: COLOURS })
  winner!: Colour;

  @ApiProperty({ enum: Object.keys(GAME_END_REASONS) })
  reason!: GameEndReason;

  @ApiProperty({ enum: ['single', 'gammon', 'backgammon', 'oin', 'mars', 'koks'] })
  kind!: ResultKind;

  @ApiProperty({ enum: [1, 2, 3], description: 'As the game ended, before Jacoby; a drop is always 1.' })
  multiplier!: ResultMultiplier;

  @ApiProperty({ description: 'Long nardy: a home mars (docs/rules.md N7).' })
  homeMars!: boolean;

  @ApiProperty({
    example: 2,
    description: 'The cube value the game is scored at (a drop: the value before the double).',
  })
  cubeValue!: number;

  @ApiProperty({ description: 'Whether the Jacoby rule counted a gammon or backgammon as single.' })
  jacoby!: boolean;

  @ApiProperty({ example: 2, description: 'Points added to the winner’s score.' })
  points!: number;
}

class GameEndFields {
  @ApiProperty({ example: 1, description: 'The game’s number in the match, from 1.' })
  gameNumber!: number;

  @ApiProperty({ type: GameOutcomeDto })
  outcome!: GameOutcomeDto;
}

/** What the API shows as `by`: the event's own, the seat a join took, or null for the server's own events. */
type ShownBy = 'fields' | 'colour' | 'null';

/** Each event type: its name in the schemas, its fields, and what the API shows as its `by`. */
const EVENT_TYPES = {
  join: { name: 'Join', fields: JoinFields, by: 'colour' },
  decline: { name: 'Decline', fields: PlayerEventFields, by: 'fields' },
  abort: { name: 'Abort', fields: PlayerEventFields, by: 'fields' },
  'opening-roll': { name: 'OpeningRoll', fields: OpeningRollFields, by: 'null' },
  roll: { name: 'Roll', fields: RollFields, by: 'fields' },
  play: { name: 'Play', fields: PlayFields, by: 'fields' },
  double: { name: 'Double', fields: PlayerEventFields, by: 'fields' },
  take: { name: 'Take', fields: PlayerEventFields, by: 'fields' },
  drop: { name: 'Drop', fields: PlayerEventFields, by: 'fields' },
  beaver: { name: 'Beaver', fields: PlayerEventFields, by: 'fields' },
  resign: { name: 'Resign', fields: ResignFields, by: 'fields' },
  'resignation-accept': { name: 'ResignationAccept', fields: PlayerEventFields, by: 'fields' },
  'resignation-reject': { name: 'ResignationReject', fields: PlayerEventFields, by: 'fields' },
  timeout: { name: 'Timeout', fields: PlayerEventFields, by: 'fields' },
  leave: { name: 'Leave', fields: PlayerEventFields, by: 'fields' },
  'game-end': { name: 'GameEnd', fields: GameEndFields, by: 'null' },
  'match-end': { name: 'MatchEnd', fields: ResultDto, by: 'null' },
} as const satisfies Record<MatchEventType, { name: string; fields: Type<object>; by: ShownBy }>;

/** A subclass of `base` named `name` (its schema's name). */
function namedSubclass(name: string, base: Type<object>): Type<object> {
  return { [name]: class extends base {} }[name];
}

/** Declares a property of a class made at run time (it has no design types: each option names its `type`). */
function declare(cls: Type<object>, key: string, decorator: PropertyDecorator): void {
  decorator(cls.prototype as object, key);
}

/** An event as stored: its fields with `type` as a single-value enum. */
function eventClass(name: string, fields: Type<object>, type: MatchEventType): Type<object> {
  const cls = namedSubclass(name, fields);
  const description = 'The event type (docs/architecture.md, "Match event model").';
  declare(cls, 'type', ApiProperty({ type: String, enum: [type], description }));
  return cls;
}

/** An event as the API shows it: the stored event with its place in the log. */
function viewClass(name: string, logged: Type<object>, by: ShownBy): Type<object> {
  const cls = namedSubclass(name, logged);
  declare(
    cls,
    'seq',
    ApiProperty({ type: 'integer', example: 5, description: 'From 1; the match version is the last one.' }),
  );
  declare(cls, 'at', ApiProperty({ type: String, format: 'date-time', description: 'When the event was written.' }));
  if (by === 'colour') {
    declare(cls, 'by', ApiProperty({ type: String, enum: COLOURS, description: 'The colour that took the seat.' }));
  } else if (by === 'null') {
    // Not `enum: [null]`: openapi-fetch's response types drop a property whose only value is null.
    const description = 'Always null: the server’s own event.';
    declare(cls, 'by', ApiProperty({ type: String, enum: COLOURS, nullable: true, description }));
  }
  const positionId = 'Backgammon: gnubg Position ID after the event, player to act next.';
  declare(cls, 'positionId', ApiPropertyOptional({ type: String, description: positionId }));
  return cls;
}

const logged = MATCH_EVENT_TYPES.map((type) => {
  const { name, fields } = EVENT_TYPES[type];
  return [type, eventClass(`${name}LogEventDto`, fields, type)] as const;
});
const shown = logged.map(([type, cls]) => {
  const { name, by } = EVENT_TYPES[type];
  return [type, viewClass(`${name}EventDto`, cls, by)] as const;
});

/** A union of event schemas with `type` as its discriminator. */
function eventUnion(
  classes: ReadonlyArray<readonly [MatchEventType, Type<object>]>,
  description: string,
): SchemaObject {
  return {
    description,
    oneOf: classes.map(([, cls]) => ({ $ref: getSchemaPath(cls) })),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(classes.map(([type, cls]) => [type, getSchemaPath(cls)])),
    },
  };
}

/** The schemas of every event type, for the document's extra models. */
export const MATCH_EVENT_MODELS: Type<object>[] = [...logged, ...shown].map(([, cls]) => cls);

/** Named schemas: the two unions, and a player stream's message. */
export const MATCH_EVENT_SCHEMAS: Record<string, SchemaObject> = {
  MatchLogEvent: eventUnion(
    logged,
    'An event as the engine stores it (docs/architecture.md, "Match event model"): export.json and imports.',
  ),
  MatchEvent: eventUnion(
    shown,
    'An event as the event log shows it: its fields with `seq`, `by`, `at` and, in backgammon, `positionId`.',
  ),
  PlayerStreamEvent: {
    description: 'A message of GET /api/users/me/stream: an event of one of my matches, with the match’s id.',
    allOf: [
      { $ref: getSchemaPath('MatchEvent') },
      {
        type: 'object',
        required: ['matchId'],
        properties: { matchId: { type: 'string', format: 'uuid', description: 'The match the event belongs to.' } },
      },
    ],
  },
};

/** The reference to a named event schema. */
export function eventSchemaRef(name: 'MatchEvent' | 'MatchLogEvent' | 'PlayerStreamEvent'): { $ref: string } {
  return { $ref: getSchemaPath(name) };
}

/**
 * The compiler keeps the stored fields in step with the engine (src/engine's
 * events): each event type's fields class has exactly the event's fields, and
 * every event fits it. A mismatch makes this type `false` and fails the build.
 */
type FieldsOf<K extends MatchEventType> = Omit<Extract<MatchEvent, { type: K }>, 'type'>;
type FieldsClassOf<K extends MatchEventType> = InstanceType<(typeof EVENT_TYPES)[K]['fields']>;
type Fits<K extends MatchEventType> = [FieldsOf<K>] extends [FieldsClassOf<K>]
  ? [keyof FieldsOf<K>, keyof FieldsClassOf<K>] extends [keyof FieldsClassOf<K>, keyof FieldsOf<K>]
    ? true
    : false
  : false;
type Assert<T extends true> = T;
export type EventFieldsFitTheEngine = Assert<{ [K in MatchEventType]: Fits<K> }[MatchEventType]>;

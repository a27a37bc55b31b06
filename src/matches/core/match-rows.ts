import type { SqlParams } from '../../database/versioned-log/sql-params.js';
import { accountSeatSql, joinAccountSql } from '../../users/index.js';
import type { Colour, MatchEvent, RulesOptions, Variant } from '../../engine/index.js';
import type {
  MatchSource,
  Awaiting,
  LastPlayRecord,
  MatchProjection,
  MatchRecord,
  MatchStatusName,
  NewMatchEvent,
  SeatedPlayer,
  StoredMatchEvent,
  UnratedReason,
} from '../model/match-record.js';

/**
 * How matches and their events map to rows of `matches` and `match_events`
 * (prisma/schema.prisma), for the matches repositories' plain SQL. Every parameter
 * is cast in the SQL text, so node-postgres and Prisma's `$queryRawUnsafe`
 * (PGlite) send and read the same types: bigint columns are read `::float8`
 * (a number from both), timestamps come back as Date, jsonb parsed.
 */

/** A projection column: its name, the type its parameter is cast to, and its value. */
interface ProjectionColumn {
  readonly name: string;
  readonly type: string;
  readonly value: (p: MatchProjection) => unknown;
}

/** The columns MatchProjection is written to, in the order of their parameters. */
const PROJECTION_COLUMNS: readonly ProjectionColumn[] = [
  { name: 'status', type: 'varchar', value: (p) => p.status },
  { name: 'white_id', type: 'uuid', value: (p) => p.whiteId },
  { name: 'black_id', type: 'uuid', value: (p) => p.blackId },
  { name: 'score_white', type: 'bigint', value: (p) => p.scoreWhite },
  { name: 'score_black', type: 'bigint', value: (p) => p.scoreBlack },
  { name: 'game_number', type: 'int', value: (p) => p.gameNumber },
  { name: 'crawford', type: 'boolean', value: (p) => p.crawford },
  { name: 'cube_value', type: 'int', value: (p) => p.cubeValue },
  { name: 'cube_owner', type: 'varchar', value: (p) => p.cubeOwner },
  { name: 'turn_colour', type: 'varchar', value: (p) => p.turnColour },
  { name: 'turn_user_id', type: 'uuid', value: (p) => p.turnUserId },
  { name: 'awaiting', type: 'varchar', value: (p) => p.awaiting },
  { name: 'turn_started_at', type: 'timestamptz', value: (p) => p.clock.turnStartedAt?.toISOString() ?? null },
  { name: 'deadline', type: 'timestamptz', value: (p) => p.clock.deadline?.toISOString() ?? null },
  { name: 'bank_white_ms', type: 'bigint', value: (p) => p.clock.bankMs.white },
  { name: 'bank_black_ms', type: 'bigint', value: (p) => p.clock.bankMs.black },
  { name: 'winner', type: 'varchar', value: (p) => p.winner },
  { name: 'end_reason', type: 'varchar', value: (p) => p.endReason },
  { name: 'finished_at', type: 'timestamptz', value: (p) => p.finishedAt?.toISOString() ?? null },
  { name: 'last_play', type: 'jsonb', value: (p) => (p.lastPlay === null ? null : JSON.stringify(p.lastPlay)) },
];

/** The projection's column names, comma-separated (for an INSERT). */
export const PROJECTION_COLUMN_LIST = PROJECTION_COLUMNS.map((c) => c.name).join(', ');
/** How many parameters a projection takes. */
export const PROJECTION_COLUMN_COUNT = PROJECTION_COLUMNS.length;

/** The projection's parameters `$first`, `$first+1`, ... with their casts (for an INSERT's VALUES). */
export function projectionPlaceholders(first: number): string {
  return PROJECTION_COLUMNS.map((c, i) => `$${first + i}::${c.type}`).join(', ');
}

/** `column = $k::type, ...` of `projection`, its values added to `params` (for an UPDATE's SET). */
export function projectionAssignments(projection: MatchProjection, params: SqlParams): string {
  return PROJECTION_COLUMNS.map((c) => `${c.name} = ${params.add(c.value(projection), c.type)}`).join(', ');
}

/** The projection's parameter values, in PROJECTION_COLUMNS' order. */
export function projectionValues(projection: MatchProjection): unknown[] {
  return PROJECTION_COLUMNS.map((c) => c.value(projection));
}

/** The projection as selected: the columns of `matches` (alias `m`) that MatchProjection is read from. */
export const PROJECTION_SELECT = `m.status, m.white_id, m.black_id, m.score_white::float8 AS score_white,
       m.score_black::float8 AS score_black, m.game_number,
       m.crawford, m.cube_value, m.cube_owner, m.turn_colour, m.turn_user_id, m.awaiting, m.turn_started_at,
       m.deadline, m.bank_white_ms::float8 AS bank_white_ms, m.bank_black_ms::float8 AS bank_black_ms,
       m.winner, m.end_reason, m.finished_at, m.last_play`;

/**
 * A MatchRecord as selected: `matches` (alias `m`) and the names of its
 * players. `from` is `matches` or a subquery of its rows (a page).
 */
export function matchSelect(from: string): string {
  return `SELECT m.id, m.variant, m.length, m.rules, m.days_per_turn, m.bank_days, m.creator_id, m.version,
       m.source, m.imported_white, m.imported_black, m.rated, m.unrated_reason,
       m.rating_change_winner, m.rating_change_loser,
       m.dice_commitment, m.dice_seed, m.created_at, m.updated_at,
       m.invited_id, i.username AS invited_username,
       ${accountSeatSql('w', 'white')},
       ${accountSeatSql('b', 'black')},
       ${PROJECTION_SELECT}
  FROM ${from} m
  ${joinAccountSql('w', 'm.white_id', 'LEFT JOIN')}
  ${joinAccountSql('b', 'm.black_id', 'LEFT JOIN')}
  ${joinAccountSql('i', 'm.invited_id', 'LEFT JOIN')}`;
}

/** A match as a MatchRecord, by id ($1). */
export const MATCH_BY_ID = `${matchSelect('matches')} WHERE m.id = $1::uuid`;

/** The projection columns as selected by PROJECTION_SELECT. */
export interface ProjectionRow {
  readonly status: string;
  readonly white_id: string | null;
  readonly black_id: string | null;
  readonly score_white: number;
  readonly score_black: number;
  readonly game_number: number;
  readonly crawford: boolean;
  readonly cube_value: number;
  readonly cube_owner: string | null;
  readonly turn_colour: string | null;
  readonly turn_user_id: string | null;
  readonly awaiting: string | null;
  readonly turn_started_at: Date | null;
  readonly deadline: Date | null;
  readonly bank_white_ms: number;
  readonly bank_black_ms: number;
  readonly winner: string | null;
  readonly end_reason: string | null;
  readonly finished_at: Date | null;
  readonly last_play: LastPlayRecord | null;
}

/** A row as selected by matchSelect. */
export interface MatchRow extends ProjectionRow {
  readonly id: string;
  readonly variant: string;
  readonly length: number;
  readonly rules: RulesOptions;
  readonly days_per_turn: number | null;
  readonly bank_days: number;
  readonly creator_id: string;
  readonly version: number;
  readonly source: string;
  readonly rated: boolean;
  readonly unrated_reason: string | null;
  readonly rating_change_winner: number | null;
  readonly rating_change_loser: number | null;
  readonly imported_white: string | null;
  readonly imported_black: string | null;
  readonly dice_commitment: string;
  readonly dice_seed: string;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly invited_id: string | null;
  readonly invited_username: string | null;
  readonly white_username: string | null;
  readonly white_auto_play_forced: boolean | null;
  readonly white_bot: boolean | null;
  readonly white_closed: boolean | null;
  readonly black_username: string | null;
  readonly black_auto_play_forced: boolean | null;
  readonly black_bot: boolean | null;
  readonly black_closed: boolean | null;
}

export function toProjection(row: ProjectionRow): MatchProjection {
  return {
    status: row.status as MatchStatusName,
    whiteId: row.white_id,
    blackId: row.black_id,
    scoreWhite: row.score_white,
    scoreBlack: row.score_black,
    gameNumber: row.game_number,
    crawford: row.crawford,
    cubeValue: row.cube_value,
    cubeOwner: row.cube_owner as Colour | null,
    turnColour: row.turn_colour as Colour | null,
    turnUserId: row.turn_user_id,
    awaiting: row.awaiting as Awaiting | null,
    clock: {
      turnStartedAt: row.turn_started_at,
      deadline: row.deadline,
      bankMs: { white: row.bank_white_ms, black: row.bank_black_ms },
    },
    winner: row.winner as Colour | null,
    endReason: row.end_reason as MatchProjection['endReason'],
    finishedAt: row.finished_at,
    lastPlay: row.last_play,
  };
}

function seated(
  id: string | null,
  username: string | null,
  autoPlayForced: boolean | null,
  bot: boolean | null,
  closed: boolean | null,
): SeatedPlayer | null {
  if (id === null || username === null) return null;
  const player = { id, username, autoPlayForced: autoPlayForced ?? false, bot: bot ?? false };
  return closed === true ? { ...player, closed: true } : player;
}

export function toMatchRecord(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    variant: row.variant as Variant,
    length: row.length,
    rules: row.rules,
    daysPerTurn: row.days_per_turn,
    bankDays: row.bank_days,
    creatorId: row.creator_id,
    source: row.source as MatchSource,
    rated: row.rated,
    unratedReason: row.unrated_reason as UnratedReason | null,
    ratingChanges:
      row.rating_change_winner === null || row.rating_change_loser === null
        ? null
        : { winner: row.rating_change_winner, loser: row.rating_change_loser },
    importedPlayers:
      row.imported_white === null || row.imported_black === null
        ? null
        : { white: row.imported_white, black: row.imported_black },
    invited:
      row.invited_id === null || row.invited_username === null
        ? null
        : { id: row.invited_id, username: row.invited_username },
    white: seated(row.white_id, row.white_username, row.white_auto_play_forced, row.white_bot, row.white_closed),
    black: seated(row.black_id, row.black_username, row.black_auto_play_forced, row.black_bot, row.black_closed),
    version: row.version,
    diceCommitment: row.dice_commitment,
    diceSeed: row.dice_seed,
    projection: toProjection(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The events to insert, as the JSON that `jsonb_to_recordset` reads with
 * EVENT_RECORDSET, numbered from `firstSeq`. The engine's event is stored
 * whole in `data`; its type and acting colour are repeated in their own
 * columns for queries: `by`, or for a join the colour taken (a player's own
 * act); null for the server's own events (opening throws, records).
 */
export function eventRecordset(events: readonly NewMatchEvent[], firstSeq: number): string {
  return JSON.stringify(
    events.map(({ event, actorId, positionId }, i) => ({
      seq: firstSeq + i,
      type: event.type,
      by_colour: actingColour(event),
      actor_id: actorId,
      data: event,
      position_id: positionId,
    })),
  );
}

/** The column definitions that read eventRecordset's JSON (`FROM jsonb_to_recordset($n::jsonb) AS e(...)`). */
export const EVENT_RECORDSET =
  'e(seq int, type varchar(24), by_colour varchar(5), actor_id uuid, data jsonb, position_id varchar(14))';

function actingColour(event: MatchEvent): Colour | null {
  if ('by' in event) return event.by;
  return event.type === 'join' ? event.colour : null;
}

/** An event row as selected. */
export interface EventRow {
  readonly seq: number;
  readonly data: MatchEvent;
  readonly actor_id: string | null;
  readonly position_id: string | null;
  readonly created_at: Date;
}

export function toStoredEvent(row: EventRow): StoredMatchEvent {
  return { seq: row.seq, event: row.data, actorId: row.actor_id, positionId: row.position_id, at: row.created_at };
}

/** A finished match's log row (match_logs): its version and events, the JSON array as text. */
export interface LogRow {
  readonly version: number;
  readonly events: string;
}

/** One event of a log row: `[seq, data, actorId, positionId, createdAt]` (the match_log_of function of the migrations). */
type LoggedEvent = [number, MatchEvent, string | null, string | null, string];

/** A log row that does not hold its version's events in seq order. */
export class MatchLogError extends Error {
  override readonly name = 'MatchLogError';
}

/** The stored events of a log row, as match_events gives them; throws MatchLogError if the row does not hold its version's events in order. */
export function fromLogRow(row: LogRow): StoredMatchEvent[] {
  const logged = JSON.parse(row.events) as LoggedEvent[];
  if (!Array.isArray(logged) || logged.length !== row.version) {
    throw new MatchLogError(`it holds ${Array.isArray(logged) ? logged.length : 'no'} events, not ${row.version}`);
  }
  return logged.map(([seq, event, actorId, positionId, at], i) => {
    if (seq !== i + 1) throw new MatchLogError(`its event ${i + 1} has seq ${seq}`);
    return { seq, event, actorId, positionId, at: new Date(at) };
  });
}

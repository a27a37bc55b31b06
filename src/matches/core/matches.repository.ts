import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import { isUniqueViolation } from '../../database/sql-state.js';
import type { IdempotentAnswer } from '../../idempotency/idempotency-context.js';
import { IdempotencyKeyInUseError } from '../../idempotency/idempotency.errors.js';
import { answerParams } from '../../idempotency/idempotency.repository.js';
import { decodeCursor, encodeCursor, type ListCursors, type ListName } from '../read/list-cursor.js';
import type {
  MatchProjection,
  MatchRecord,
  NewMatchEvent,
  NewMatchRecord,
  Page,
  RatedResult,
  StoredMatchEvent,
  UnratedReason,
} from '../model/match-record.js';
import {
  APPEND,
  APPEND_JOIN,
  APPEND_RATED,
  CREATE,
  CREATE_WITHIN_LIMITS,
  type WriteStatements,
} from './match-write-statements.js';
import { appendRatedEnd } from './rated-end.repository.js';
import type { MatchLimitCode } from '../model/match.errors.js';
import {
  PROJECTION_SELECT,
  eventRecordset,
  fromLogRow,
  matchSelect,
  projectionValues,
  toMatchRecord,
  toProjection,
  toStoredEvent,
  type EventRow,
  type LogRow,
  type MatchRow,
  type ProjectionRow,
} from './match-rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PageRequest {
  /** The `next` of the previous page; absent or null for the first. */
  readonly cursor?: string | null;
  /** Items per page: a whole number of at least 1 (the controllers bound it). */
  readonly limit: number;
}

/** The caps a new match is held to (README "Configuration"), and the start of the pair's day. */
export interface MatchLimits {
  readonly openChallenges: number;
  readonly invitations: number;
  readonly invitationsPerTarget: number;
  readonly ratedPerPairPerDay: number;
  readonly ratedSince: Date;
}

/** What `createWithinLimits` did: refused with the cap's code, or stored, rated or not and why. */
export type CreatedWithinLimits =
  | { readonly refusal: MatchLimitCode }
  | { readonly refusal: null; readonly rated: boolean; readonly unratedReason: UnratedReason | null };

/**
 * For the join of an open challenge asked rated: its creator, the joiner, the cap on the pair's
 * rated matches, and the start of the day counted.
 */
export interface RatedPairCheck {
  readonly creatorId: string;
  readonly joinerId: string;
  readonly perDay: number;
  readonly since: Date;
}

/** The parameters $1-$17 of CREATE and CREATE_WITHIN_LIMITS: the terms and the first events. */
function termsParams(record: NewMatchRecord, events: readonly NewMatchEvent[], at: Date): unknown[] {
  return [
    record.id,
    record.variant,
    record.length,
    JSON.stringify(record.rules),
    record.daysPerTurn,
    record.bankDays,
    record.creatorId,
    record.invitedId,
    record.diceCommitment,
    record.diceSeed,
    events.length,
    at.toISOString(),
    eventRecordset(events, 1),
    record.source,
    record.importedPlayers?.white ?? null,
    record.importedPlayers?.black ?? null,
    record.rated,
  ];
}

const FIND_BY_ID = `${matchSelect('matches')} WHERE m.id = $1::uuid`;

const EVENTS_AFTER = `
SELECT seq, data, actor_id, position_id, created_at
  FROM match_events
 WHERE match_id = $1::uuid AND seq > $2::int
 ORDER BY seq
 LIMIT $3::int`;

/** A finished match's log, in one row (docs/architecture.md, "Finished match logs"). */
const FINISHED_LOG = `SELECT version, events::text AS events FROM match_logs WHERE match_id = $1::uuid`;

/**
 * A player's matches (seated or invited) that may still change (invited or playing), or that
 * changed in the last two minutes (one that ended since a look before), at their versions.
 */
const ACTIVE_VERSIONS = `
SELECT id, version FROM matches
 WHERE (status IN ('invited', 'playing') OR updated_at >= now() - interval '2 minutes')
   AND (white_id = $1::uuid OR black_id = $1::uuid OR invited_id = $1::uuid)`;

/** When an event was written. */
const EVENT_TIME = `SELECT created_at FROM match_events WHERE match_id = $1::uuid AND seq = $2::int`;

/**
 * The player's matches (seated or invited) with events written since $2, each with the
 * first seq among those. A match written since has its updated_at since too.
 */
const FIRST_SEQS_SINCE = `
SELECT e.match_id, min(e.seq)::int AS first
  FROM matches m JOIN match_events e ON e.match_id = m.id
 WHERE (m.white_id = $1::uuid OR m.black_id = $1::uuid OR m.invited_id = $1::uuid)
   AND m.updated_at >= $2::timestamptz AND e.created_at >= $2::timestamptz
 GROUP BY e.match_id`;

/** The versions of the given matches. */
const VERSIONS_OF = `SELECT id, version FROM matches WHERE id = ANY($1::uuid[])`;

const READ_PROJECTION = `SELECT ${PROJECTION_SELECT} FROM matches m WHERE m.id = $1::uuid`;

/**
 * Newest first, after the cursor's (created_at, id) when there is one. The
 * bound `created_at <= $c` is the part an index on created_at can seek to;
 * the rest breaks ties within a millisecond.
 */
function newestFirst(cursor: { createdAt: number; id: number } | null): string {
  const after = cursor
    ? `AND created_at <= $${cursor.createdAt}::timestamptz
       AND (created_at < $${cursor.createdAt}::timestamptz OR id < $${cursor.id}::uuid)`
    : '';
  return `${after} ORDER BY created_at DESC, id DESC`;
}

/** Open challenges ($1 = limit + 1): served by matches_status_created_at_idx, read backwards. */
function openChallengesSql(withCursor: boolean): string {
  return `${matchSelect(`(
    SELECT * FROM matches
     WHERE status = 'invited' AND invited_id IS NULL ${newestFirst(withCursor ? { createdAt: 2, id: 3 } : null)}
     LIMIT $1::int)`)}
  ORDER BY m.created_at DESC, m.id DESC`;
}

/**
 * A player's matches ($1 = user, $2 = limit + 1): the newest of each seat's
 * own index (white_id, black_id, invited_id, each with created_at), merged;
 * a match where the player is both invited and seated counts once.
 */
function playerMatchesSql(withCursor: boolean): string {
  const seat = (column: string) =>
    `(SELECT id, created_at FROM matches WHERE ${column} = $1::uuid
      ${newestFirst(withCursor ? { createdAt: 3, id: 4 } : null)} LIMIT $2::int)`;
  return `${matchSelect('matches')}
  WHERE m.id IN (
    SELECT id FROM (${seat('white_id')} UNION ${seat('black_id')} UNION ${seat('invited_id')}) AS mine
     ORDER BY created_at DESC, id DESC
     LIMIT $2::int)
  ORDER BY m.created_at DESC, m.id DESC`;
}

/** The inbox's order: soonest deadline first (none last), then the longest-waiting turn, then id. */
const inboxOrder = (m: string) =>
  `COALESCE(${m}deadline, 'infinity'::timestamptz), COALESCE(${m}turn_started_at, ${m}updated_at), ${m}id`;

/**
 * The inbox ($1 = user, $2 = limit + 1): matches_turn_user_id_deadline_idx
 * finds the player's turns (a player has only so many open matches), sorted
 * in memory. After a cursor: $3 = its deadline or 'infinity', $4 = turn start, $5 = id.
 */
function inboxSql(withCursor: boolean): string {
  const after = withCursor ? `AND (${inboxOrder('')}) > ($3::timestamptz, $4::timestamptz, $5::uuid)` : '';
  return `${matchSelect(`(
    SELECT * FROM matches
     WHERE turn_user_id = $1::uuid AND status IN ('invited', 'playing') ${after}
     ORDER BY ${inboxOrder('')}
     LIMIT $2::int)`)}
  ORDER BY ${inboxOrder('m.')}`;
}

const SQL = {
  openChallenges: [openChallengesSql(false), openChallengesSql(true)],
  playerMatches: [playerMatchesSql(false), playerMatchesSql(true)],
  inbox: [inboxSql(false), inboxSql(true)],
  matchIds: [
    'SELECT id FROM matches ORDER BY id LIMIT $1::int',
    'SELECT id FROM matches WHERE id > $2::uuid ORDER BY id LIMIT $1::int',
  ],
} as const;

/**
 * Matches and their events in the database (docs/architecture.md,
 * "Persistence"): the only code that touches `matches` and `match_events`.
 * Plain parameterised SQL through SqlClient, one statement per call, so an
 * action costs one read and one write; the same SQL runs on PostgreSQL and
 * on PGlite. `match_events` is append-only (a trigger refuses UPDATE, DELETE
 * and TRUNCATE); the version guard of `append` decides which of two racing
 * actions wins.
 */
@Injectable()
export class MatchesRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * The match at version `events.length`, and its first events (seq 1, 2, ...), atomically;
   * with `answer`, the request's Idempotency-Key answer in the same statement.
   */
  async create(
    record: NewMatchRecord,
    events: readonly NewMatchEvent[],
    projection: MatchProjection,
    at: Date,
    answer: IdempotentAnswer | null = null,
  ): Promise<void> {
    const params = [...termsParams(record, events, at), ...projectionValues(projection)];
    if (answer === null) {
      await this.sql.query(CREATE[0], params);
      return;
    }
    const [row] = await this.sql.query<{ held: boolean }>(CREATE[1], [...params, ...answerParams(answer)]);
    if (!row?.held) throw new IdempotencyKeyInUseError();
  }

  /**
   * `create` for a match played here, held to `limits` in the same statement (counted in the
   * database, under a lock on the players, so that neither two requests nor two nodes pass a cap
   * together): the refusal, with nothing stored; or whether the match was stored rated, and why not.
   * With `answer`, the request's Idempotency-Key answer is stored with the match, its `rated` and
   * `unratedReason` as the statement decided them.
   */
  async createWithinLimits(
    record: NewMatchRecord,
    events: readonly NewMatchEvent[],
    projection: MatchProjection,
    at: Date,
    limits: MatchLimits,
    answer: IdempotentAnswer | null = null,
  ): Promise<CreatedWithinLimits> {
    const params = [
      ...termsParams(record, events, at),
      limits.openChallenges,
      limits.invitations,
      limits.invitationsPerTarget,
      limits.ratedPerPairPerDay,
      limits.ratedSince.toISOString(),
      ...projectionValues(projection),
    ];
    const [row] = await this.sql.query<{
      refusal: MatchLimitCode | null;
      rated: boolean | null;
      unrated_reason: UnratedReason | null;
      held?: boolean;
    }>(
      answer === null ? CREATE_WITHIN_LIMITS[0] : CREATE_WITHIN_LIMITS[1],
      answer === null ? params : [...params, ...answerParams(answer)],
    );
    if (answer !== null && row.held !== true) throw new IdempotencyKeyInUseError();
    if (row.refusal !== null) return { refusal: row.refusal };
    return { refusal: null, rated: row.rated ?? false, unratedReason: row.unrated_reason };
  }

  /** The match with its players' names and settings; null for an unknown id or a string that is not a UUID. */
  async findById(id: string): Promise<MatchRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.sql.query<MatchRow>(FIND_BY_ID, [id]);
    return rows.length > 0 ? toMatchRecord(rows[0]) : null;
  }

  /** At most `limit` events with seq > `afterSeq`, in seq order. */
  async eventsAfter(id: string, afterSeq: number, limit: number): Promise<StoredMatchEvent[]> {
    if (!UUID.test(id)) return [];
    const rows = await this.sql.query<EventRow>(EVENTS_AFTER, [id, afterSeq, limit]);
    return rows.map(toStoredEvent);
  }

  /** The player's matches that may still change, or changed in the last two minutes, by id, at their versions. */
  async activeVersions(userId: string): Promise<Map<string, number>> {
    const rows = await this.sql.query<{ id: string; version: number }>(ACTIVE_VERSIONS, [userId]);
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** When the match's event `seq` was written; null when there is no such event. */
  async eventTime(id: string, seq: number): Promise<Date | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.sql.query<{ created_at: Date }>(EVENT_TIME, [id, seq]);
    return rows[0]?.created_at ?? null;
  }

  /** The player's matches with events written at or after `since`, each with the first seq among those. */
  async firstSeqsSince(userId: string, since: Date): Promise<Map<string, number>> {
    const rows = await this.sql.query<{ match_id: string; first: number }>(FIRST_SEQS_SINCE, [
      userId,
      since.toISOString(),
    ]);
    return new Map(rows.map((row) => [row.match_id, row.first]));
  }

  /** The versions of the matches with these ids (those there are). */
  async versionsOf(ids: readonly string[]): Promise<Map<string, number>> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return new Map();
    const rows = await this.sql.query<{ id: string; version: number }>(VERSIONS_OF, [valid]);
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** A finished match's whole log, read from its one row; null when there is none (the match is not finished). */
  async finishedLog(id: string): Promise<StoredMatchEvent[] | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.sql.query<LogRow>(FINISHED_LOG, [id]);
    return rows.length === 0 ? null : fromLogRow(rows[0]);
  }

  /**
   * Appends `events` as seqs expectedVersion+1 .. +n and writes the projection
   * after them, if and only if the match is still at `expectedVersion`: true
   * when written, false (nothing written) when another append got there first.
   * Should the version and the log ever disagree, the (match_id, seq) key
   * refuses the events and the whole statement, and the answer is false too.
   * With `rated` (the events end a rated match), the players' ratings and
   * records move with it, in one transaction (rated-end.repository.ts); with
   * `answer` the request's Idempotency-Key answer too, and
   * IdempotencyKeyInUseError (nothing written) when the request no longer
   * holds its key; with `ratedPair` (the join of an
   * open challenge asked rated), the match is played unrated, with its reason,
   * when the pair's rated matches of the day are used up.
   */
  async append(
    id: string,
    expectedVersion: number,
    events: readonly NewMatchEvent[],
    projection: MatchProjection,
    at: Date,
    rated: RatedResult | null = null,
    answer: IdempotentAnswer | null = null,
    ratedPair: RatedPairCheck | null = null,
  ): Promise<boolean> {
    if (events.length === 0) throw new RangeError('An append writes at least one event.');
    if (!UUID.test(id)) return false;
    try {
      const params: unknown[] = [
        id,
        expectedVersion,
        events.length,
        at.toISOString(),
        eventRecordset(events, expectedVersion + 1),
        ...projectionValues(projection),
      ];
      const write = async (sql: SqlClient, statements: WriteStatements, own: readonly unknown[]): Promise<boolean> => {
        if (answer === null) return (await sql.query(statements[0], [...params, ...own])).length === events.length;
        const [row] = await sql.query<{ written: number; held: boolean }>(statements[1], [
          ...params,
          ...own,
          ...answerParams(answer),
        ]);
        if (!row?.held) throw new IdempotencyKeyInUseError();
        return row.written === events.length;
      };
      if (rated !== null) return await appendRatedEnd(this.sql, rated, (tx, own) => write(tx, APPEND_RATED, own));
      if (ratedPair !== null) {
        const { creatorId, joinerId, perDay, since } = ratedPair;
        return await write(this.sql, APPEND_JOIN, [creatorId, joinerId, perDay, since.toISOString()]);
      }
      return await write(this.sql, APPEND, []);
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** Challenges anyone may accept (invited, nobody named), newest first. */
  async listOpenChallenges(page: PageRequest): Promise<Page<MatchRecord>> {
    const after = this.startOf('open', page);
    const rows = await this.sql.query<MatchRow>(
      SQL.openChallenges[after ? 1 : 0],
      after ? [page.limit + 1, after.createdAt.toISOString(), after.id] : [page.limit + 1],
    );
    return this.page('open', rows, page.limit, (m) => ({ createdAt: m.createdAt, id: m.id }));
  }

  /** The matches where the user is white, black or the invited player, newest first. */
  async listForUser(userId: string, page: PageRequest): Promise<Page<MatchRecord>> {
    const after = this.startOf('mine', page);
    if (!UUID.test(userId)) return { items: [], next: null };
    const rows = await this.sql.query<MatchRow>(
      SQL.playerMatches[after ? 1 : 0],
      after ? [userId, page.limit + 1, after.createdAt.toISOString(), after.id] : [userId, page.limit + 1],
    );
    return this.page('mine', rows, page.limit, (m) => ({ createdAt: m.createdAt, id: m.id }));
  }

  /**
   * The matches waiting for the user (invitations to answer, turns to take),
   * soonest deadline first (matches without one last), then the turn that has
   * waited longest (one with no start time counts from the match's last change).
   */
  async inbox(userId: string, page: PageRequest): Promise<Page<MatchRecord>> {
    const after = this.startOf('inbox', page);
    if (!UUID.test(userId)) return { items: [], next: null };
    const keys = after
      ? [after.deadline?.toISOString() ?? 'infinity', after.turnStartedAt.toISOString(), after.id]
      : [];
    const rows = await this.sql.query<MatchRow>(SQL.inbox[after ? 1 : 0], [userId, page.limit + 1, ...keys]);
    return this.page('inbox', rows, page.limit, (m) => ({
      deadline: m.projection.clock.deadline,
      turnStartedAt: m.projection.clock.turnStartedAt ?? m.updatedAt,
      id: m.id,
    }));
  }

  /** Every match id in id order, a batch at a time (for the replay check). */
  async matchIds(afterId: string | null, limit: number): Promise<string[]> {
    if (afterId !== null && !UUID.test(afterId)) throw new RangeError(`Not a match id: ${afterId}`);
    const rows = await this.sql.query<{ id: string }>(
      SQL.matchIds[afterId === null ? 0 : 1],
      afterId === null ? [limit] : [limit, afterId],
    );
    return rows.map((r) => r.id);
  }

  /** The projection as stored (for the replay check); null for an unknown match. */
  async readProjection(id: string): Promise<MatchProjection | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.sql.query<ProjectionRow>(READ_PROJECTION, [id]);
    return rows.length > 0 ? toProjection(rows[0]) : null;
  }

  /** The sort keys to continue after (null for the first page); refuses a bad cursor or limit. */
  private startOf<L extends ListName>(list: L, page: PageRequest): ListCursors[L] | null {
    if (!Number.isInteger(page.limit) || page.limit < 1) {
      throw new RangeError(`A page holds at least 1 item, not ${page.limit}.`);
    }
    return page.cursor === undefined || page.cursor === null ? null : decodeCursor(list, page.cursor);
  }

  /** A page of `limit` from `limit + 1` rows: the extra row says there is a next page. */
  private page<L extends ListName>(
    list: L,
    rows: readonly MatchRow[],
    limit: number,
    keysOf: (match: MatchRecord) => ListCursors[L],
  ): Page<MatchRecord> {
    const items = rows.slice(0, limit).map(toMatchRecord);
    const next = rows.length > limit ? encodeCursor(list, keysOf(items[items.length - 1])) : null;
    return { items, next };
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import { isUniqueViolation } from '../../database/sql-state.js';
import { type IdempotentAnswer, IdempotencyKeyInUseError, answerParams } from '../../idempotency/index.js';
import { isUuid } from '../../common/uuid.js';
import type {
  MatchProjection,
  MatchRecord,
  NewMatchEvent,
  NewMatchRecord,
  StoredMatchEvent,
  UnratedReason,
} from '../model/match-record.js';
import { CREATE, CREATE_WITHIN_LIMITS, SEAT_CHANGED } from './match-write-statements.js';
import { SeatChangedError } from '../../users/index.js';
import { commit } from '../../database/versioned-log/log-writer.js';
import { matchCommit, type MatchAppend } from './match-log.js';
import type { MatchLimitCode } from '../model/match.errors.js';
import {
  MATCH_BY_ID,
  eventRecordset,
  fromLogRow,
  projectionValues,
  toMatchRecord,
  toStoredEvent,
  type EventRow,
  type LogRow,
  type MatchRow,
} from './match-rows.js';

/** The caps a new match is held to (README "Configuration"), and the start of the pair's day. */
export interface MatchLimits {
  readonly openChallenges: number;
  readonly invitations: number;
  readonly invitationsPerTarget: number;
  readonly ratedPerPairPerDay: number;
  readonly ratedSince: Date;
  /** Matches under way the creator may have against the invited house bot; null when a person is invited. */
  readonly houseBotMatches: number | null;
}

/** What `createWithinLimits` did: refused with the cap's code, or stored, rated or not and why. */
export type CreatedWithinLimits =
  | { readonly refusal: MatchLimitCode }
  | { readonly refusal: null; readonly rated: boolean; readonly unratedReason: UnratedReason | null };

/** For the join of an open challenge asked rated: its creator, the joiner, the pair's cap, and the start of the day counted. */
export type { RatedPairSlot as RatedPairCheck } from '../../users/index.js';
export type { JoinCheck, MatchAppend } from './match-log.js';

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

const EVENTS_AFTER = `
SELECT seq, data, actor_id, position_id, created_at
  FROM match_events
 WHERE match_id = $1::uuid AND seq > $2::int
 ORDER BY seq
 LIMIT $3::int`;

/** A finished match's log, in one row (docs/architecture.md, "Finished match logs"). */
const FINISHED_LOG = `SELECT version, events::text AS events FROM match_logs WHERE match_id = $1::uuid`;

/**
 * Matches and their events in the database as the store writes and reads them
 * (docs/architecture.md, "Persistence"): a new match, the versioned append, a
 * match by id, its events and its finished log. The other readers of the same
 * tables have repositories of their own: the lists (read/match-lists.repository.ts,
 * read/match-history.repository.ts), the live streams
 * (live/match-streams.repository.ts) and the replay check
 * (core/replay-check.repository.ts). Plain parameterised SQL through
 * SqlClient, one statement per call, so an action costs one read and one
 * write; the same SQL runs on PostgreSQL and on PGlite. `match_events` is append-only (a trigger refuses UPDATE, DELETE
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

  /** `create`, or false when a match with the record's id is stored already (nothing written). */
  async createIfAbsent(
    record: NewMatchRecord,
    events: readonly NewMatchEvent[],
    projection: MatchProjection,
    at: Date,
  ): Promise<boolean> {
    try {
      await this.create(record, events, projection, at);
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /**
   * `create` for a match played here, held to `limits` in the same statement (counted in the
   * database, under a lock on the players, so that neither two requests nor two nodes pass a cap
   * together): the refusal, with nothing stored; or whether the match was stored rated, and why not.
   * With `answer`, the request's Idempotency-Key answer is stored with the match, its `rated` and
   * `unratedReason` as the statement decided them. The creator is locked and must still be what
   * the service seated (a person, or a bot: `creatorAsBot`); SeatChangedError, with nothing stored,
   * when it became a bot meanwhile.
   */
  async createWithinLimits(
    record: NewMatchRecord,
    events: readonly NewMatchEvent[],
    projection: MatchProjection,
    at: Date,
    limits: MatchLimits,
    creatorAsBot: boolean,
    answer: IdempotentAnswer | null = null,
  ): Promise<CreatedWithinLimits> {
    const params = [
      ...termsParams(record, events, at),
      limits.openChallenges,
      limits.invitations,
      limits.invitationsPerTarget,
      limits.ratedPerPairPerDay,
      limits.ratedSince.toISOString(),
      limits.houseBotMatches,
      ...projectionValues(projection),
      creatorAsBot,
    ];
    const [row] = await this.sql.query<{
      refusal: MatchLimitCode | typeof SEAT_CHANGED | null;
      rated: boolean | null;
      unrated_reason: UnratedReason | null;
      held?: boolean;
    }>(
      answer === null ? CREATE_WITHIN_LIMITS[0] : CREATE_WITHIN_LIMITS[1],
      answer === null ? params : [...params, ...answerParams(answer)],
    );
    if (answer !== null && row.held !== true) throw new IdempotencyKeyInUseError();
    if (row.refusal === SEAT_CHANGED) throw new SeatChangedError();
    if (row.refusal !== null) return { refusal: row.refusal };
    return { refusal: null, rated: row.rated ?? false, unratedReason: row.unrated_reason };
  }

  /**
   * The match with its players' names and settings; null for an unknown id, and for a string that
   * is not a UUID, which is never sent to the database (the controllers refuse such ids first,
   * MatchIdPipe; this answer is for any other caller).
   */
  async findById(id: string): Promise<MatchRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.sql.query<MatchRow>(MATCH_BY_ID, [id]);
    return rows.length > 0 ? toMatchRecord(rows[0]) : null;
  }

  /** At most `limit` events with seq > `afterSeq`, in seq order; none for a string that is not a UUID. */
  async eventsAfter(id: string, afterSeq: number, limit: number): Promise<StoredMatchEvent[]> {
    if (!isUuid(id)) return [];
    const rows = await this.sql.query<EventRow>(EVENTS_AFTER, [id, afterSeq, limit]);
    return rows.map(toStoredEvent);
  }

  /**
   * A finished match's whole log, read from its one row; null when there is none (the match is not
   * finished). `id` is a match's (a record's) id.
   */
  async finishedLog(id: string): Promise<StoredMatchEvent[] | null> {
    const rows = await this.sql.query<LogRow>(FINISHED_LOG, [id]);
    return rows.length === 0 ? null : fromLogRow(rows[0]);
  }

  /**
   * Appends `events` as seqs expectedVersion+1 .. +n and writes the projection after them, if and
   * only if the match is still at `expectedVersion`, through the versioned-log writer with the
   * append's effects (match-log.ts): true when written, false (nothing written) when another append
   * got there first. Should the version and the log ever disagree, the (match_id, seq) key refuses
   * the events and the whole statement, and the answer is false too. With `rated` (the events end a
   * rated match), the players' ratings and records move with it, in one transaction, or, for a match
   * aborted by a leave, the match is written unrated and the leaver's record counts it; with `answer`
   * the request's Idempotency-Key answer too, and IdempotencyKeyInUseError (nothing written) when
   * the request no longer holds its key; with `join` (the event seats a player), the joiner is locked
   * and must still be what the service seated, a person or a bot (SeatChangedError, nothing written,
   * when it became a bot meanwhile), and for the join of an open challenge asked rated, the match is
   * played unrated, with its reason, when the pair's rated matches of the day are used up (RangeError
   * for both `rated` and `join`, and for no events). False, with nothing asked of the database, for
   * an id that is not a UUID.
   */
  async append(append: MatchAppend): Promise<boolean> {
    const request = matchCommit(append);
    if (append.events.length === 0) throw new RangeError('An append writes at least one event.');
    if (!isUuid(append.id)) return false;
    const committed = await commit(this.sql, request);
    if (committed.kind === 'refused') throw committed.error;
    return committed.kind === 'written';
  }
}

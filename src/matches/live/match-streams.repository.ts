import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { MatchRecord } from '../model/match-record.js';
import { MATCH_BY_ID, toMatchRecord, type MatchRow } from '../core/match-rows.js';

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

/**
 * What the live streams read of `matches` and `match_events` besides the
 * events themselves (docs/architecture.md, "Live streams"): the matches a
 * player follows and their versions, where a resumed player stream starts,
 * and the record a notification is about. The ids given are UUIDs (a match's,
 * a notification's, or a Last-Event-ID's once MatchStreamService has read it).
 */
@Injectable()
export class MatchStreamsRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The match with its players; null for an unknown id. */
  async findById(id: string): Promise<MatchRecord | null> {
    const rows = await this.sql.query<MatchRow>(MATCH_BY_ID, [id]);
    return rows.length > 0 ? toMatchRecord(rows[0]) : null;
  }

  /** The player's matches that may still change, or changed in the last two minutes, by id, at their versions. */
  async activeVersions(userId: string): Promise<Map<string, number>> {
    const rows = await this.sql.query<{ id: string; version: number }>(ACTIVE_VERSIONS, [userId]);
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** When the match's event `seq` was written; null when there is no such event. */
  async eventTime(id: string, seq: number): Promise<Date | null> {
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
    if (ids.length === 0) return new Map();
    const rows = await this.sql.query<{ id: string; version: number }>(VERSIONS_OF, [ids]);
    return new Map(rows.map((row) => [row.id, row.version]));
  }
}

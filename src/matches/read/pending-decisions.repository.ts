import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** A match waiting for one of the users asked about, at the version it was read at. */
export interface PendingDecision {
  readonly matchId: string;
  readonly version: number;
  /** The user it waits for. */
  readonly userId: string;
}

/**
 * The matches waiting for any of the users $1, oldest change first, at most $2: their turns and the
 * invitations they are to answer, as the inbox finds them (turn_user_id, by
 * matches_turn_user_id_deadline_idx); and the money sessions between two games where they are
 * seated and nobody has asked for the next game's throw since $3 (either player may: nobody's turn
 * in particular, found by matches_awaiting_turn_colour_idx); leaving out the matches $4 (those the
 * caller is busy with or lets rest, so that they never hold the places of others).
 */
export const PENDING_DECISIONS_SQL = `
SELECT id AS match_id, version, user_id FROM (
  SELECT id, version, turn_user_id AS user_id, updated_at FROM matches
   WHERE turn_user_id = ANY($1::uuid[]) AND status IN ('invited', 'playing') AND id <> ALL($4::uuid[])
  UNION ALL
  SELECT id, version, CASE WHEN white_id = ANY($1::uuid[]) THEN white_id ELSE black_id END, updated_at FROM matches
   WHERE awaiting = 'roll' AND turn_colour IS NULL AND status = 'playing' AND updated_at <= $3::timestamptz
     AND (white_id = ANY($1::uuid[]) OR black_id = ANY($1::uuid[])) AND id <> ALL($4::uuid[])
) AS pending
ORDER BY updated_at, id
LIMIT $2::int`;

/**
 * The playing matches in which one of the users $1 sits opposite a player whose deadline passed
 * before $2 (docs/bots.md, "Timeouts"): that user may claim the timeout. By matches_deadline_idx;
 * the nearest deadlines first, at most $3, leaving out the matches $4.
 */
export const OVERDUE_OPPONENTS_SQL = `
SELECT id AS match_id, version, CASE WHEN white_id = ANY($1::uuid[]) THEN white_id ELSE black_id END AS user_id
  FROM matches
 WHERE deadline < $2::timestamptz AND status = 'playing'
   AND (white_id = ANY($1::uuid[]) OR black_id = ANY($1::uuid[]))
   AND turn_user_id IS NOT NULL AND NOT (turn_user_id = ANY($1::uuid[]))
   AND id <> ALL($4::uuid[])
 ORDER BY deadline, id
 LIMIT $3::int`;

/**
 * The decisions matches wait for from given users (docs/bots.md, "The sweep"): what the house
 * bots' worker looks for, every second and whenever a match changes. Reads the projection
 * columns alone; the worker loads each match it takes.
 */
@Injectable()
export class PendingDecisionsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * The matches waiting for one of `userIds` (UUIDs), oldest change first, at most `limit`: a turn,
   * an invitation to answer, or the throw of a money session's next game when the last game ended
   * at `betweenGamesSince` or before; none of the matches `excluding` (UUIDs).
   */
  async pendingFor(
    userIds: readonly string[],
    limit: number,
    betweenGamesSince: Date,
    excluding: readonly string[] = [],
  ): Promise<PendingDecision[]> {
    if (userIds.length === 0) return [];
    return this.decisions(PENDING_DECISIONS_SQL, [userIds, limit, betweenGamesSince.toISOString(), excluding]);
  }

  /**
   * The matches in which one of `userIds` may claim a timeout at `now` (its opponent's deadline
   * passed), nearest deadline first, at most `limit`; none of `excluding`. The user found is the claimant.
   */
  async overdueOpponentsOf(
    userIds: readonly string[],
    now: Date,
    limit: number,
    excluding: readonly string[] = [],
  ): Promise<PendingDecision[]> {
    if (userIds.length === 0) return [];
    return this.decisions(OVERDUE_OPPONENTS_SQL, [userIds, now.toISOString(), limit, excluding]);
  }

  /** The decisions a statement finds: a match, its version, and the account that may decide. */
  private async decisions(statement: string, params: readonly unknown[]): Promise<PendingDecision[]> {
    const rows = await this.sql.query<{ match_id: string; version: number; user_id: string }>(statement, params);
    return rows.map((row) => ({ matchId: row.match_id, version: row.version, userId: row.user_id }));
  }
}

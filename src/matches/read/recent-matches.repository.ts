/**
 * A player's latest matches as the moderators' report queue shows them (docs/moderation.md, "The
 * report queue"): the only read of `matches` for it, on the client it is given.
 */
import type { SqlClient } from '../../database/sql-client.js';
import { joinAccountSql } from '../../users/index.js';

/** A match of the player, from their side. */
export interface RecentMatch {
  readonly id: string;
  readonly variant: string;
  readonly length: number;
  /** invited | playing | finished | aborted | declined */
  readonly status: string;
  /** The other player's name; null for an open challenge. */
  readonly opponent: string | null;
  /** won | lost, once finished; null otherwise. */
  readonly result: 'won' | 'lost' | null;
  /** points | timeout | leave, once finished. */
  readonly endReason: string | null;
  readonly rated: boolean;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** The latest `limit` matches `userId` created, was invited to or sits in, newest first. */
export async function recentMatchesOf(
  sql: Pick<SqlClient, 'query'>,
  userId: string,
  limit: number,
): Promise<RecentMatch[]> {
  const rows = await sql.query<{
    id: string;
    variant: string;
    length: number;
    status: string;
    opponent: string | null;
    result: 'won' | 'lost' | null;
    endReason: string | null;
    rated: boolean;
    createdAt: Date | string;
    finishedAt: Date | string | null;
  }>(
    `SELECT m.id::text AS id, m.variant, m.length, m.status, o.username AS opponent,
            CASE WHEN m.winner IS NULL THEN NULL
                 WHEN (m.winner = 'white' AND m.white_id = $1::uuid) OR (m.winner = 'black' AND m.black_id = $1::uuid)
                 THEN 'won' ELSE 'lost' END AS result,
            m.end_reason AS "endReason", m.rated, m.created_at AS "createdAt", m.finished_at AS "finishedAt"
       FROM matches m
       ${joinAccountSql(
         'o',
         `CASE WHEN m.white_id = $1::uuid THEN m.black_id WHEN m.black_id = $1::uuid THEN m.white_id
                                   WHEN m.creator_id = $1::uuid THEN m.invited_id ELSE m.creator_id END`,
         'LEFT JOIN',
       )}
      WHERE m.id IN (SELECT id FROM matches WHERE creator_id = $1::uuid
                      UNION SELECT id FROM matches WHERE invited_id = $1::uuid
                      UNION SELECT id FROM matches WHERE white_id = $1::uuid
                      UNION SELECT id FROM matches WHERE black_id = $1::uuid)
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT $2::int`,
    [userId, limit],
  );
  const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
  return rows.map((row) => ({
    ...row,
    createdAt: dateOf(row.createdAt),
    finishedAt: row.finishedAt === null ? null : dateOf(row.finishedAt),
  }));
}

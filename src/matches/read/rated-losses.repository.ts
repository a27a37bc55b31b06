/**
 * The rated matches a player won, with what each cost the loser (docs/moderation.md, "Rating
 * refunds"): what the moderators' refund of a cheater's opponents is computed from. The only read of
 * `matches` for it; runs on the client it is given, the moderator's transaction.
 */
import type { SqlClient } from '../../database/sql-client.js';

/** A rated match `winnerId` won: its loser and the rating points the loser lost by it (positive). */
export interface RatedLoss {
  readonly matchId: string;
  readonly loserId: string;
  readonly points: number;
  readonly finishedAt: Date;
}

/** The rated matches `winnerId` won that finished at or after `since`, oldest first, with their losers' losses. */
export async function ratedLossesTo(
  sql: Pick<SqlClient, 'query'>,
  winnerId: string,
  since: Date,
): Promise<RatedLoss[]> {
  const rows = await sql.query<{ matchId: string; loserId: string; points: number; finishedAt: Date | string }>(
    `SELECT id::text AS "matchId",
            (CASE WHEN winner = 'white' THEN black_id ELSE white_id END)::text AS "loserId",
            -rating_change_loser AS points, finished_at AS "finishedAt"
       FROM matches
      WHERE rated AND rating_change_loser IS NOT NULL AND finished_at >= $2::timestamptz
        AND ((winner = 'white' AND white_id = $1::uuid) OR (winner = 'black' AND black_id = $1::uuid))
      ORDER BY finished_at, id`,
    [winnerId, since],
  );
  return rows.map((row) => ({
    ...row,
    points: Number(row.points),
    finishedAt: row.finishedAt instanceof Date ? row.finishedAt : new Date(row.finishedAt),
  }));
}

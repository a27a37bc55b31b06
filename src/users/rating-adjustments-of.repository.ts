import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/** A recorded change of an account's rating outside a match's end (a refund), as its export shows it. */
export interface RatingAdjustmentOf {
  readonly id: string;
  readonly points: number;
  readonly cause: string;
  readonly matchId: string | null;
  readonly createdAt: string;
}

/** An account's rating adjustments (docs/moderation.md, "Rating refunds"), for the export of its data. */
@Injectable()
export class RatingAdjustmentsOf {
  constructor(private readonly sql: SqlClient) {}

  /** Every adjustment of `userId` (a UUID), oldest first. */
  async of(userId: string): Promise<RatingAdjustmentOf[]> {
    const rows = await this.sql.query<Omit<RatingAdjustmentOf, 'createdAt'> & { createdAt: Date | string }>(
      `SELECT id, points, cause, match_id AS "matchId", created_at AS "createdAt" FROM rating_adjustments
        WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/** A user's imports within a window: how many, and when the first of them was made. */
export interface ImportsInWindow {
  readonly count: number;
  readonly first: Date | null;
}

/**
 * The imports a user made lately, for the hourly cap. Read from the matches
 * themselves (an import is a match whose source is `imported`), so every
 * instance counts the same ones; the index on (creator_id, created_at) finds them.
 */
@Injectable()
export class ImportsRepository {
  constructor(private readonly sql: SqlClient) {}

  async since(userId: string, from: Date): Promise<ImportsInWindow> {
    const [row] = await this.sql.query<{ count: number; first: Date | string | null }>(
      `SELECT count(*)::int AS count, min(created_at) AS first
         FROM matches
        WHERE creator_id = $1::uuid AND created_at > $2::timestamptz AND source = 'imported'`,
      [userId, from.toISOString()],
    );
    return { count: row?.count ?? 0, first: row?.first == null ? null : new Date(row.first) };
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/**
 * The exports an account asked for (`account_exports`): each one counted against the day's cap in
 * the statement that records it, under a transaction lock on the account, so that exports asked at
 * once on several nodes are counted one after the other.
 */
@Injectable()
export class AccountExportsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Records an export of `userId` at `at` unless `perDay` were asked in the 24 hours before; null
   * when recorded, else when the oldest of those leaves the window (a place frees then).
   */
  async record(userId: string, at: Date, perDay: number): Promise<Date | null> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `account-exports-of:${userId}`,
      ]);
      const since = new Date(at.getTime() - 24 * 3600 * 1000);
      const recent = await tx.query<{ createdAt: Date | string }>(
        `SELECT created_at AS "createdAt" FROM account_exports WHERE user_id = $1::uuid AND created_at > $2::timestamptz
          ORDER BY created_at DESC LIMIT $3::int`,
        [userId, since.toISOString(), perDay],
      );
      if (recent.length >= perDay) return new Date(new Date(recent[perDay - 1].createdAt).getTime() + 24 * 3600 * 1000);
      await tx.query(
        `INSERT INTO account_exports (id, user_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz)`,
        [randomUUID(), userId, at.toISOString()],
      );
      return null;
    });
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';
import { lockAccountSql } from '../users/index.js';

/** The answer to an import asked for: let in (with the attempt's id), or refused with the window's first attempt. */
export type ImportAdmission =
  { readonly admitted: true; readonly attemptId: string } | { readonly admitted: false; readonly first: Date };

/**
 * The imports a user asked for lately, for the hourly cap (docs/architecture.md, "Interchange"):
 * every attempt that gets to be read, stored or refused, is a row of `import_attempts`, so every
 * instance counts the same ones, and a refused file counts as much as a stored one.
 */
@Injectable()
export class ImportsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Counts the user's attempts since `from` and, below `limit`, records one more at `at`; older
   * ones are deleted. The user's row is locked first, so that attempts made at once are counted one
   * after the other (the count runs after the lock, on a fresh snapshot) and no more than `limit`
   * get in. FOR NO KEY UPDATE, as an UPDATE of the row takes (src/users/rating.effects.ts): it excludes
   * another admission, not the KEY SHARE lock that an insert referring to the user takes for its
   * foreign key (a move's events, a new match), which would otherwise wait for the admission.
   */
  admit(userId: string, from: Date, at: Date, limit: number): Promise<ImportAdmission> {
    return this.sql.transaction(async (tx) => {
      await tx.query(lockAccountSql('$1'), [userId]);
      // The user's attempts out of the window count no more: the table keeps at most `limit` a user.
      await tx.query(`DELETE FROM import_attempts WHERE user_id = $1::uuid AND created_at <= $2::timestamptz`, [
        userId,
        from.toISOString(),
      ]);
      const [row] = await tx.query<{ count: number; first: Date | string | null }>(
        `SELECT count(*)::int AS count, min(created_at) AS first
           FROM import_attempts
          WHERE user_id = $1::uuid AND created_at > $2::timestamptz`,
        [userId, from.toISOString()],
      );
      if ((row?.count ?? 0) >= limit) return { admitted: false, first: new Date(row?.first ?? at) };
      const attemptId = randomUUID();
      await tx.query(
        `INSERT INTO import_attempts (id, user_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz)`,
        [attemptId, userId, at.toISOString()],
      );
      return { admitted: true, attemptId };
    });
  }

  /** Takes an attempt back: the file was never read (the import queue was full). */
  async release(attemptId: string): Promise<void> {
    await this.sql.query(`DELETE FROM import_attempts WHERE id = $1::uuid`, [attemptId]);
  }
}

import type { SqlClient } from '../../src/database/sql-client.js';

/** Looks at pg_stat_activity, 10 ms apart: a guard against a session that never comes to wait, not a time limit (a loaded machine takes seconds). */
const LOOKS = 1_000;

/**
 * Waits until `count` sessions wait for a lock (the racing statements are in flight). Asked
 * outside the locking transaction, whose view of pg_stat_activity would stay as first read.
 */
export async function waitForLockWaiters(sql: SqlClient, count: number): Promise<void> {
  for (let i = 0; i < LOOKS; i++) {
    const rows = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Fewer than ${count} sessions came to wait for the row lock`);
}

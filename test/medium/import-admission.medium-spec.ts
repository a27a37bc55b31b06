import pg from 'pg';
import { SqlClient } from '../../src/database/sql-client.js';
import { ImportsRepository } from '../../src/interchange/imports.repository.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { waitForLockWaiters } from './lock-waiters.js';
import { minute } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * An import's admission (docs/architecture.md, "Interchange") locks its user's row so that
 * admissions at once are counted one after the other, and with no lock stronger than that: an
 * insert referring to the user (its foreign key's KEY SHARE lock) neither waits for it nor makes it wait.
 */
const m = useMediumApp([UsersModule], { providers: [ImportsRepository] });
const imports = m.provider(ImportsRepository);
const sql = m.provider(SqlClient);

const HOUR_MS = 60 * 60 * 1000;
const admit = (userId: string) => imports.admit(userId, new Date(minute(1).getTime() - HOUR_MS), minute(1), 30);

/** Runs `body` on a connection of its own, in a transaction rolled back after it. */
async function inOtherTransaction(body: (other: pg.PoolClient) => Promise<void>): Promise<void> {
  const pool = new pg.Pool({ connectionString: m.db.url, max: 1 });
  const other = await pool.connect();
  try {
    await other.query('BEGIN');
    await body(other);
  } finally {
    await other.query('ROLLBACK');
    other.release();
    await pool.end();
  }
}

itOnPostgres(
  'admits an import while an insert referring to its user is uncommitted on another connection',
  async () => {
    const { user } = await m.driver.newUser({ username: 'importer' });
    await inOtherTransaction(async (other) => {
      await other.query(`INSERT INTO import_attempts (id, user_id, created_at) VALUES (gen_random_uuid(), $1, now())`, [
        user.id,
      ]);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000).unref());
      await expect(Promise.race([admit(user.id), waited])).resolves.toMatchObject({ admitted: true });
    });
  },
);

itOnPostgres('counts an admission after another one in flight for the same user: it waits for its lock', async () => {
  const { user } = await m.driver.newUser({ username: 'importer2' });
  let admission: ReturnType<typeof admit> | null = null;
  await inOtherTransaction(async (other) => {
    // Another admission's lock, held.
    await other.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
    admission = admit(user.id);
    await waitForLockWaiters(sql, 1);
  });
  await expect(admission).resolves.toMatchObject({ admitted: true });
});

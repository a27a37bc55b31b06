import { PGlite } from '@electric-sql/pglite';
import {
  checksumOf,
  MigrationError,
  readMigrations,
  runMigrations,
  type MigrationFile,
} from '../src/database/migration-runner.js';
import { MIGRATIONS_DIR } from '../src/database/migrations-dir.js';
import { connectPostgres } from '../src/database/pg-connection.js';
import { pgliteConnection } from '../src/database/pglite-connection.js';
import type { SqlConnection } from '../src/database/sql-connection.js';
import { itOnPostgres, onPostgres } from './support/database-mode.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** A fresh, empty database: a new Postgres database, or an in-memory PGlite. */
async function emptyDatabase(): Promise<{ connect(): Promise<SqlConnection>; drop(): Promise<void> }> {
  if (onPostgres) {
    const db: TestDatabase = await createTestDatabase({ migrated: false });
    return { connect: () => connectPostgres(db.url!), drop: () => db.drop() };
  }
  const lite = await PGlite.create();
  return { connect: () => Promise.resolve(pgliteConnection(lite)), drop: () => lite.close() };
}

const migration = (name: string, script: string): MigrationFile => ({ name, script, checksum: checksumOf(script) });

let db: Awaited<ReturnType<typeof emptyDatabase>>;
let conn: SqlConnection;
beforeEach(async () => {
  db = await emptyDatabase();
  conn = await db.connect();
});
afterEach(async () => {
  await conn.close();
  await db.drop();
});

const appliedRows = () =>
  conn.query<{ migration_name: string; checksum: string; finished_at: unknown; applied_steps_count: number }>(
    'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
  );

describe('migration runner', () => {
  it('applies every migration of prisma/migrations to a fresh database and records each as Prisma does', async () => {
    const files = readMigrations(MIGRATIONS_DIR);
    expect(files.length).toBeGreaterThan(0);
    const report = await runMigrations(conn, files);
    expect(report.applied).toEqual(files.map((f) => f.name));
    const rows = await appliedRows();
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(
      files.map((f) => [f.name, f.checksum, 1]),
    );
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    expect(await conn.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'users'`)).toHaveLength(1);
  });

  it("creates _prisma_migrations with Prisma Migrate's exact columns, so `prisma migrate deploy` can take over", async () => {
    await runMigrations(conn, readMigrations(MIGRATIONS_DIR));
    const cols = await conn.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(cols.map((c) => `${c.column_name} ${c.data_type} ${c.is_nullable}`)).toEqual([
      'id character varying NO',
      'checksum character varying NO',
      'finished_at timestamp with time zone YES',
      'migration_name character varying NO',
      'logs text YES',
      'rolled_back_at timestamp with time zone YES',
      'started_at timestamp with time zone NO',
      'applied_steps_count integer NO',
    ]);
  });

  it('does nothing when run again', async () => {
    const files = readMigrations(MIGRATIONS_DIR);
    await runMigrations(conn, files);
    const before = await appliedRows();
    const again = await runMigrations(conn, files);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(files.map((f) => f.name));
    expect(await appliedRows()).toEqual(before);
  });

  it('applies only the new migration when one is added', async () => {
    const files = readMigrations(MIGRATIONS_DIR);
    await runMigrations(conn, files);
    const added = migration('29990101000000_extra', 'CREATE TABLE extra (id int PRIMARY KEY);');
    const report = await runMigrations(conn, [...files, added]);
    expect(report.applied).toEqual(['29990101000000_extra']);
  });

  it('writes the one-row log of every match that finished before the match_logs migration, and of no other', async () => {
    const files = readMigrations(MIGRATIONS_DIR);
    const at = files.findIndex((f) => f.name.endsWith('_match_logs'));
    expect(at).toBeGreaterThan(0);
    await runMigrations(conn, files.slice(0, at));
    const user = '00000000-0000-4000-8000-000000000001';
    await conn.query(
      `INSERT INTO users (id, username, username_key, password_hash, updated_at) VALUES ($1::uuid, 'ann', 'ann', 'x', now())`,
      [user],
    );
    for (const [id, status] of [
      ['00000000-0000-4000-8000-00000000000a', 'finished'],
      ['00000000-0000-4000-8000-00000000000b', 'playing'],
    ]) {
      await conn.query(
        `INSERT INTO matches (id, variant, length, rules, status, creator_id, version, dice_commitment, dice_seed, updated_at)
         VALUES ($1::uuid, 'backgammon', 1, '{}', $2, $3::uuid, 2, repeat('0', 64), repeat('0', 64), now())`,
        [id, status, user],
      );
      await conn.query(
        `INSERT INTO match_events (match_id, seq, type, by_colour, actor_id, data, created_at)
         VALUES ($1::uuid, 1, 'join', 'white', $2::uuid, '{"type":"join","colour":"white"}', '2026-11-01T10:00:00Z'),
                ($1::uuid, 2, 'join', 'black', NULL, '{"type":"join","colour":"black"}', '2026-11-01T10:05:00Z')`,
        [id, user],
      );
    }
    await runMigrations(conn, files);
    const logs = await conn.query<{ match_id: string; version: number; events: unknown }>(
      'SELECT match_id, version, events FROM match_logs',
    );
    expect(logs).toHaveLength(1);
    expect(logs[0].match_id).toBe('00000000-0000-4000-8000-00000000000a');
    expect(logs[0].version).toBe(2);
    const events = (typeof logs[0].events === 'string' ? JSON.parse(logs[0].events) : logs[0].events) as unknown[][];
    expect(
      events.map(([seq, data, actor, position, time]) => [seq, data, actor, position, Date.parse(time as string)]),
    ).toEqual([
      [1, { type: 'join', colour: 'white' }, user, null, Date.parse('2026-11-01T10:00:00Z')],
      [2, { type: 'join', colour: 'black' }, null, null, Date.parse('2026-11-01T10:05:00Z')],
    ]);
  });

  it('refuses to start when an applied migration was edited (checksum mismatch), and applies nothing after it', async () => {
    const first = migration('20000101000000_a', 'CREATE TABLE a (id int);');
    await runMigrations(conn, [first]);
    const edited = migration('20000101000000_a', 'CREATE TABLE a (id bigint);');
    const next = migration('20000102000000_b', 'CREATE TABLE b (id int);');
    const attempt = runMigrations(conn, [edited, next]);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toMatchObject({ code: 'checksum-mismatch' });
    expect(await conn.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'b'`)).toHaveLength(0);
  });

  it('rolls a failing migration back completely and records nothing for it', async () => {
    const good = migration('20000101000000_a', 'CREATE TABLE a (id int);');
    const bad = migration('20000102000000_bad', 'CREATE TABLE half (id int);\nSELECT no_such_function();');
    await expect(runMigrations(conn, [good, bad])).rejects.toMatchObject({ code: 'migration-failed' });
    expect((await appliedRows()).map((r) => r.migration_name)).toEqual(['20000101000000_a']);
    expect(await conn.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half'`)).toHaveLength(0);
  });

  it('refuses to start while a migration that Prisma recorded as failed is unresolved', async () => {
    await runMigrations(conn, []);
    await conn.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', 'y', '20000101000000_broken')`,
    );
    await expect(runMigrations(conn, [migration('20000101000000_broken', 'SELECT 1;')])).rejects.toMatchObject({
      code: 'failed-migration',
    });
  });

  itOnPostgres('lets exactly one of two concurrent runners apply each migration (advisory lock)', async () => {
    const other = await db.connect();
    try {
      const slow = migration('29990101000000_slow', 'CREATE TABLE slow (id int); SELECT pg_sleep(0.3);');
      const files = [...readMigrations(MIGRATIONS_DIR), slow];
      const [a, b] = await Promise.all([runMigrations(conn, files), runMigrations(other, files)]);
      expect([...a.applied, ...b.applied].sort()).toEqual(files.map((f) => f.name).sort());
      expect(a.applied.length === 0 || b.applied.length === 0).toBe(true);
      const rows = await appliedRows();
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    } finally {
      await other.close();
    }
  });
});

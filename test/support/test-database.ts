import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrations, runMigrations } from '../../src/database/migration-runner.js';
import { MIGRATIONS_DIR } from '../../src/database/migrations-dir.js';
import { connectPostgres } from '../../src/database/pg-connection.js';
import { testDatabaseMode, withDatabase } from './database-mode.js';

/** A database of a test file's own: env for the app, and how to drop it. */
export interface TestDatabase {
  readonly env: Record<string, string | undefined>;
  /** Postgres URL of this database (postgres mode). */
  readonly url?: string;
  readonly dataDir: string;
  drop(): Promise<void>;
}

/** Postgres: a fresh clone of the migrated template. PGlite: a fresh data directory. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const dataDir = mkdtempSync(join(tmpdir(), 'nardy-test-'));
  const mode = testDatabaseMode();
  if (mode.kind === 'pglite') {
    return {
      env: { DATABASE_URL: undefined, DATA_DIR: dataDir },
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  await ensureTemplate(mode.adminUrl, mode.template);
  const name = `nardy_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await connectPostgres(mode.adminUrl);
  try {
    await admin.exec(migrated ? `CREATE DATABASE "${name}" TEMPLATE "${mode.template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.close();
  }
  const url = withDatabase(mode.adminUrl, name);
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    url,
    dataDir,
    drop: async () => {
      const conn = await connectPostgres(mode.adminUrl);
      try {
        await conn.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await conn.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Any key: serialises the test files that race to build the template. */
const TEMPLATE_LOCK_KEY = 4_242_001;

/** Builds the migrated template once per run; the first test file to get here does it. */
async function ensureTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = await connectPostgres(adminUrl);
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.length > 0) return;
    const building = `${template}_building`;
    await admin.exec(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.exec(`CREATE DATABASE "${building}"`);
    const conn = await connectPostgres(withDatabase(adminUrl, building));
    try {
      await runMigrations(conn, readMigrations(MIGRATIONS_DIR));
    } finally {
      await conn.close();
    }
    await admin.exec(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.close();
  }
}

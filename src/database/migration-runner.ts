import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlConnection } from './sql-connection.js';

/** Prisma Migrate's own advisory lock key, so this runner and `prisma migrate deploy` exclude each other. */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/** Prisma's bookkeeping table, created exactly as Prisma Migrate creates it. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  readonly name: string;
  readonly script: string;
  readonly checksum: string;
}

export interface MigrationReport {
  readonly applied: readonly string[];
  readonly alreadyApplied: readonly string[];
}

export class MigrationError extends Error {
  constructor(
    readonly code: 'checksum-mismatch' | 'failed-migration' | 'migration-failed',
    message: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Prisma's checksum: SHA-256 of the script, hex. */
export function checksumOf(script: string): string {
  return createHash('sha256').update(script).digest('hex');
}

/** Reads prisma/migrations/<timestamp>_<name>/migration.sql in name order. */
export function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort()
    .map((name) => {
      const script = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: checksumOf(script) };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

function sameChecksum(applied: string, file: MigrationFile): boolean {
  // Prisma accepts a script whose line endings were converted after it was applied.
  return (
    applied === file.checksum ||
    applied === checksumOf(file.script.replace(/\r\n/g, '\n')) ||
    applied === checksumOf(file.script.replace(/\n/g, '\r\n'))
  );
}

/**
 * Applies the migrations that are not applied yet, each in its own
 * transaction, under Prisma's advisory lock, recording them in
 * `_prisma_migrations` as Prisma Migrate does. Refuses (before applying
 * anything) when an applied migration's file has changed or a migration
 * failed earlier.
 */
export async function runMigrations(
  conn: SqlConnection,
  migrations: readonly MigrationFile[],
): Promise<MigrationReport> {
  await conn.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
  try {
    await conn.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await conn.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at',
    );
    const byName = new Map(rows.map((r) => [r.migration_name, r]));
    for (const row of rows) {
      if (row.finished_at === null) {
        throw new MigrationError(
          'failed-migration',
          `Migration ${row.migration_name} failed earlier and is not finished; resolve it before starting.`,
        );
      }
    }
    for (const m of migrations) {
      const row = byName.get(m.name);
      if (row && !sameChecksum(row.checksum, m)) {
        throw new MigrationError(
          'checksum-mismatch',
          `Migration ${m.name} was modified after it was applied (checksum ${row.checksum} in the database, ${m.checksum} on disk); refusing to start.`,
        );
      }
    }
    const applied: string[] = [];
    const alreadyApplied: string[] = [];
    for (const m of migrations) {
      if (byName.has(m.name)) {
        alreadyApplied.push(m.name);
        continue;
      }
      await applyOne(conn, m);
      applied.push(m.name);
    }
    return { applied, alreadyApplied };
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
  }
}

async function applyOne(conn: SqlConnection, m: MigrationFile): Promise<void> {
  await conn.exec('BEGIN');
  try {
    const id = randomUUID();
    await conn.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, m.checksum, m.name],
    );
    await conn.exec(m.script);
    await conn.query(
      'UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await conn.exec('COMMIT');
  } catch (err) {
    await conn.exec('ROLLBACK');
    throw new MigrationError(
      'migration-failed',
      `Migration ${m.name} failed and was rolled back: ${(err as Error).message}`,
    );
  }
}

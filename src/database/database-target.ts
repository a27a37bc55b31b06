import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { readMigrations, runMigrations, type MigrationReport } from './migration-runner.js';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { connectPostgres } from './pg-connection.js';
import { pgliteConnection } from './pglite-connection.js';

/** The database the service runs on, migrated and ready for Prisma. */
export interface DatabaseTarget {
  readonly kind: 'postgres' | 'pglite';
  /** Where: the URL without its password, or the PGlite data directory. */
  readonly description: string;
  readonly adapter: Prisma.PrismaClientOptionsWithAdapter['adapter'];
  readonly migrations: MigrationReport;
  close(): Promise<void>;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgresql://(unparseable)';
  }
}

/** Real PostgreSQL through node-postgres: migrate on a dedicated session, then hand Prisma a pool. */
export async function openPostgres(url: string): Promise<DatabaseTarget> {
  const conn = await connectPostgres(url);
  let migrations: MigrationReport;
  try {
    migrations = await runMigrations(conn, readMigrations(MIGRATIONS_DIR));
  } finally {
    await conn.close();
  }
  return {
    kind: 'postgres',
    description: redact(url),
    adapter: new PrismaPg({ connectionString: url }),
    migrations,
    close: async () => undefined,
  };
}

/** Embedded PostgreSQL (PGlite, WASM) kept in `dataDir`, or in memory for `memory://`. */
export async function openPglite(dataDir: string): Promise<DatabaseTarget> {
  const inMemory = dataDir.startsWith('memory://');
  const where = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) mkdirSync(where, { recursive: true });
  const db = await PGlite.create(inMemory ? undefined : where);
  try {
    const migrations = await runMigrations(pgliteConnection(db), readMigrations(MIGRATIONS_DIR));
    return { kind: 'pglite', description: where, adapter: new PrismaPGlite(db), migrations, close: () => db.close() };
  } catch (err) {
    await db.close();
    throw err;
  }
}

import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { ServiceContext } from '../common/service-context.js';
import { makePrivateDirectory, restrictTreeToOwner } from '../config/private-files.js';
import { readMigrations, runMigrations, type MigrationReport } from './migration-runner.js';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { Notifications, PgliteNotifications, PostgresNotifications } from './notifications.js';
import { OwnerOnlyNodeFS } from './owner-only-node-fs.js';
import { connectPostgres } from './pg-connection.js';
import { pgliteConnection } from './pglite-connection.js';

/**
 * Connections the job queue holds on PostgreSQL, beside the service's pool: its workers' fetches
 * and its upkeep. (No LISTEN session of its own: its listener ends the process when the server
 * drops it; the node wakes its own workers, and polling finds what other nodes queue.)
 */
const JOB_QUEUE_CONNECTIONS = 4;

/**
 * Connections of the background pool (BACKGROUND_SQL_CLIENT): the outbox relay's transactions (up
 * to three at once, each with the reads and writes of its first tries beside it) and the delivery workers.
 */
const BACKGROUND_CONNECTIONS = 10;

/** The database the service runs on, migrated and ready for Prisma. */
export interface DatabaseTarget {
  readonly kind: 'postgres' | 'pglite';
  /** Where: the URL without its password, or the PGlite data directory. */
  readonly description: string;
  readonly adapter: Prisma.PrismaClientOptionsWithAdapter['adapter'];
  /** PostgreSQL: the connection pool Prisma's adapter uses, shared with the SqlClient. Null on PGlite. */
  readonly pool: pg.Pool | null;
  /** PostgreSQL: the small pool of the work no request waits on (BACKGROUND_SQL_CLIENT). Null on PGlite. */
  readonly backgroundPool: pg.Pool | null;
  readonly migrations: MigrationReport;
  /** LISTEN on this database (docs/architecture.md "Live streams"). */
  readonly notifications: Notifications;
  /** How the job queue (pg-boss) reaches this database: its own small pool, or the embedded instance. */
  readonly jobQueueOptions: ConstructorOptions;
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

/** Real PostgreSQL through node-postgres: migrate on a dedicated session, then hand Prisma (and the SqlClient) a pool. */
export async function openPostgres(url: string): Promise<DatabaseTarget> {
  const conn = await connectPostgres(url);
  let migrations: MigrationReport;
  try {
    migrations = await runMigrations(conn, readMigrations(MIGRATIONS_DIR));
  } finally {
    await conn.close();
  }
  const pool = new pg.Pool({ connectionString: url });
  const backgroundPool = new pg.Pool({
    connectionString: url,
    max: BACKGROUND_CONNECTIONS,
    application_name: 'nardy-background',
  });
  // An idle pooled connection that the server ends (a restart, a failover, idle_session_timeout, a
  // dropped database) is reported here; the pool replaces it. Unheard, the event would end the process.
  // The connection was opened for some request: the line is the service's, not that request's.
  const outside = new ServiceContext();
  for (const each of [pool, backgroundPool])
    each.on(
      'error',
      outside.bind((err: Error) => new Logger('Database').warn(`An idle database connection failed: ${err.message}`)),
    );
  const notifications = new PostgresNotifications(url, pool);
  return {
    kind: 'postgres',
    description: redact(url),
    adapter: new PrismaPg(pool),
    pool,
    backgroundPool,
    migrations,
    notifications,
    jobQueueOptions: { connectionString: url, max: JOB_QUEUE_CONNECTIONS },
    close: async () => {
      await notifications.close();
      if (!backgroundPool.ended) await backgroundPool.end();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite, WASM) kept in `<dataDir>/pglite`, or in memory
 * for `memory://`. The data directory is the service's alone: created, or
 * made, readable by its owner only, and so is every file PGlite writes.
 */
export async function openPglite(dataDir: string): Promise<DatabaseTarget> {
  const inMemory = dataDir.startsWith('memory://');
  const where = inMemory ? dataDir : join(resolve(dataDir), 'pglite');
  if (!inMemory) {
    makePrivateDirectory(resolve(dataDir));
    makePrivateDirectory(where);
    restrictTreeToOwner(where);
  }
  const db = await PGlite.create(inMemory ? { dataDir } : { fs: new OwnerOnlyNodeFS(where) });
  try {
    const migrations = await runMigrations(pgliteConnection(db), readMigrations(MIGRATIONS_DIR));
    return {
      kind: 'pglite',
      description: where,
      adapter: new PrismaPGlite(db),
      pool: null,
      backgroundPool: null,
      migrations,
      notifications: new PgliteNotifications(db),
      jobQueueOptions: { db: fromPglite(db), backend: 'pglite' },
      close: () => db.close(),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

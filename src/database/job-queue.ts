import { type BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { PgBoss, type Db } from 'pg-boss';
import { ServiceContext } from '../common/service-context.js';
import type { DatabaseTarget } from './database-target.js';

/** A transaction under way, as the SqlClient gives it to a repository. */
export interface QueryRunner {
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

/**
 * The job queue in the service's database (docs/notifications.md, "Durable
 * delivery"): pg-boss, on PostgreSQL through a small pool of its own, on
 * embedded PGlite through the same instance. Jobs are rows in its schema
 * (`pgboss`), so a job queued in a transaction exists exactly when that
 * transaction commits (`inTransaction`), and a worker takes each job on one
 * node (SKIP LOCKED). Started once, by whichever use asks first; stopped by
 * itself at shutdown, once every module is done with it (their onModuleDestroy)
 * and before the database closes (onApplicationShutdown).
 */
export class JobQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;

  constructor(target: DatabaseTarget) {
    this.boss = new PgBoss({
      ...target.jobQueueOptions,
      application_name: 'nardy-jobs',
      // Queue state kept small: finished jobs go after a day; the queue's own upkeep every few minutes.
      supervise: true,
      schedule: false,
    });
    const outside = new ServiceContext();
    this.boss.on(
      'error',
      outside.bind((err: Error) => this.logger.warn(`Job queue: ${err.message}`)),
    );
  }

  /** The started queue. */
  ready(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job queue is stopped'));
    this.starting ??= this.boss.start();
    return this.starting;
  }

  /** Makes the queue `name` unless it exists (another node may make it meanwhile: that is harmless). */
  async ensureQueue(name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
    const boss = await this.ready();
    if ((await boss.getQueue(name)) !== null) return;
    await boss.createQueue(name, options).catch(async (err: Error) => {
      if ((await boss.getQueue(name)) === null) throw err;
    });
  }

  /** A connection for `send` that runs its statement in `tx`, the caller's transaction. */
  static inTransaction(tx: QueryRunner): Db {
    return { executeSql: async (text, values) => ({ rows: await tx.query<object>(text, values ?? []) }) };
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Stops the workers (a job under way gets a few seconds to end) and the queue's upkeep; idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.starting === null) return;
    await this.starting.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 5_000, close: true }).catch((err: Error) => {
      this.logger.warn(`Job queue did not stop cleanly: ${err.message}`);
    });
  }
}

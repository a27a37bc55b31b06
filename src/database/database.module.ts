import { Global, Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { openPglite, openPostgres, type DatabaseTarget } from './database-target.js';
import { DATABASE_TARGET, PrismaService } from './prisma.service.js';
import { BACKGROUND_SQL_CLIENT } from './background-sql-client.js';
import { JobQueue } from './job-queue.js';
import { Notifications } from './notifications.js';
import { Outbox } from './outbox/outbox.js';
import { OutboxRepository } from './outbox/outbox.repository.js';
import { PoolSqlClient, PrismaSqlClient, SqlClient } from './sql-client.js';

/**
 * Opens the database at start: real PostgreSQL when DATABASE_URL is set,
 * else embedded PGlite under DATA_DIR; applies pending migrations first.
 */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE_TARGET,
      inject: [ConfigService],
      useFactory: async (config: ConfigService<Environment, true>): Promise<DatabaseTarget> => {
        const logger = new Logger('Database');
        const url = config.get('DATABASE_URL', { infer: true });
        const target = url ? await openPostgres(url) : await openPglite(config.get('DATA_DIR', { infer: true }));
        logger.log(
          `Using ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite (no DATABASE_URL set)'} at ${target.description}; ` +
            `migrations applied now: ${target.migrations.applied.length}, already applied: ${target.migrations.alreadyApplied.length}`,
        );
        return target;
      },
    },
    PrismaService,
    { provide: JobQueue, inject: [DATABASE_TARGET], useFactory: (target: DatabaseTarget) => new JobQueue(target) },
    {
      provide: Notifications,
      inject: [DATABASE_TARGET],
      useFactory: (target: DatabaseTarget): Notifications => target.notifications,
    },
    {
      provide: SqlClient,
      inject: [DATABASE_TARGET, PrismaService],
      useFactory: (target: DatabaseTarget, prisma: PrismaService): SqlClient =>
        target.pool ? new PoolSqlClient(target.pool) : new PrismaSqlClient(prisma),
    },
    {
      provide: BACKGROUND_SQL_CLIENT,
      inject: [DATABASE_TARGET, SqlClient],
      useFactory: (target: DatabaseTarget, sql: SqlClient): SqlClient =>
        target.backgroundPool ? new PoolSqlClient(target.backgroundPool) : sql,
    },
    OutboxRepository,
    Outbox,
  ],
  exports: [PrismaService, SqlClient, BACKGROUND_SQL_CLIENT, Notifications, JobQueue, Outbox],
})
export class DatabaseModule {}

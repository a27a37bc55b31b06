import { openPglite, openPostgres } from './database-target.js';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database under DATA_DIR. */
const url = process.env.DATABASE_URL;
const target = url ? await openPostgres(url) : await openPglite(process.env.DATA_DIR ?? './data');
await target.close();
process.stdout.write(
  `${target.kind} ${target.description}: applied ${target.migrations.applied.length} (${target.migrations.applied.join(', ') || 'none'}), ` +
    `${target.migrations.alreadyApplied.length} already applied\n`,
);

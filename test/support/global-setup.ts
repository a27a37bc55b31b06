import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Once per `npm test` run of the e2e project: find PostgreSQL, or fall back
 * to PGlite, loudly. It names the migrated template database that the first
 * test file to need it builds (test-database.ts) and every test file clones.
 * (Global set-up runs outside Jest's module system, so it imports no project file;
 * keep the URL and variable names in step with database-mode.ts.)
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    process.env.NARDY_TEST_DB_KIND = 'pglite';
    const line = '!'.repeat(78);
    process.stderr.write(
      `\n${line}\n!! No PostgreSQL answers at ${adminUrl} (${(err as Error).message}).\n` +
        `!! Running the e2e suite on embedded PGlite instead; tests that need several connections\n` +
        `!! or processes are SKIPPED. CI always runs them on real PostgreSQL.\n${line}\n`,
    );
    return;
  } finally {
    await client.end().catch(() => undefined);
  }
  process.env.NARDY_TEST_DB_KIND = 'postgres';
  process.env.NARDY_TEST_ADMIN_URL = adminUrl;
  process.env.NARDY_TEST_TEMPLATE = `nardy_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

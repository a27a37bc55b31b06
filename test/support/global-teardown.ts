import pg from 'pg';

/** Drops the run's template database (set-up named it; see global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.NARDY_TEST_TEMPLATE;
  const adminUrl = process.env.NARDY_TEST_ADMIN_URL;
  if (process.env.NARDY_TEST_DB_KIND !== 'postgres' || !template || !adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Where the e2e tests get their databases: real PostgreSQL (TEST_DATABASE_URL,
 * else the local server) with one database per test file cloned from a
 * migrated template, or, when no server answers, embedded PGlite.
 * global-setup.ts decides and leaves the decision in these variables.
 */
export const DEFAULT_TEST_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabaseMode {
  readonly kind: 'postgres' | 'pglite';
  /** Admin URL (postgres mode). */
  readonly adminUrl: string;
  /** Migrated template database to clone (postgres mode). */
  readonly template: string;
}

export function testDatabaseMode(): TestDatabaseMode {
  return {
    kind: process.env.NARDY_TEST_DB_KIND === 'pglite' ? 'pglite' : 'postgres',
    adminUrl: process.env.NARDY_TEST_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL,
    template: process.env.NARDY_TEST_TEMPLATE ?? '',
  };
}

/** Replaces the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** For tests that need several connections or processes: skipped on PGlite, with the reason in the test name. */
export const onPostgres = testDatabaseMode().kind === 'postgres';
export const itOnPostgres: jest.It = onPostgres ? it : it.skip;
export const describeOnPostgres = (name: string, fn: () => void): void =>
  onPostgres ? describe(name, fn) : describe.skip(`${name} [skipped: needs real PostgreSQL, running on PGlite]`, fn);

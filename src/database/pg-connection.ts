import pg from 'pg';
import type { SqlConnection } from './sql-connection.js';

/** One dedicated node-postgres session. */
export async function connectPostgres(connectionString: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
    exec: async (script) => {
      await client.query(script);
    },
    close: () => client.end(),
  };
}

import type { PGlite } from '@electric-sql/pglite';
import type { SqlConnection } from './sql-connection.js';

/** A PGlite database seen as one session. `close` leaves the database open: its owner closes it. */
export function pgliteConnection(db: PGlite): SqlConnection {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await db.query<Row>(sql, params)).rows,
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => Promise.resolve(),
  };
}

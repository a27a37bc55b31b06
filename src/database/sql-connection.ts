/**
 * The least the migration runner and the test support need from a database
 * connection: one session (so advisory locks and transactions hold), plain
 * queries, and multi-statement scripts. Implemented for node-postgres and PGlite.
 */
export interface SqlConnection {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (simple query protocol). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

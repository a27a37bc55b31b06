import pg from 'pg';

/**
 * The SQLSTATE of a failed statement, whichever SqlClient ran it: node-postgres
 * throws its DatabaseError with the state as `code`; Prisma's `$queryRawUnsafe`
 * throws P2010 ("Raw query failed") with the driver adapter's error, state
 * included, under `meta.driverAdapterError.cause.originalCode`. Undefined for
 * any other error.
 */
export function sqlStateOf(err: unknown): string | undefined {
  if (err instanceof pg.DatabaseError) return err.code;
  if (!(err instanceof Error) || !('meta' in err)) return undefined;
  const meta = err.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | null | undefined;
  const state = meta?.driverAdapterError?.cause?.originalCode;
  return typeof state === 'string' ? state : undefined;
}

/** SQLSTATE 23505: a row with the same key exists. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

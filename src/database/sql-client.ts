import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Plain parameterised SQL on the service's database, beside Prisma: for the
 * repositories whose hot paths cannot afford the ORM's per-query cost (the
 * bearer-token account lookup, match actions; docs/architecture.md,
 * "Persistence"). One statement per call, committed on its own; write a
 * change that must be atomic as one statement (a data-modifying WITH).
 *
 * Rows come back as the driver parses them: select bigint and numeric columns
 * cast to a type that both drivers give as a JavaScript number (`::int`,
 * `::float8`), timestamps arrive as Date, jsonb as parsed JSON.
 */
export abstract class SqlClient {
  abstract query<Row extends object = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
}

/**
 * On PostgreSQL: node-postgres's pool, the same one Prisma's adapter uses.
 * Statements are prepared once per connection under a name made from their
 * text (the texts are the repositories' constants), which spares the server
 * parsing and planning them on every call. Behind a connection pooler in
 * transaction mode this needs its prepared-statement support (PgBouncer 1.21+,
 * `max_prepared_statements`).
 */
export class PoolSqlClient extends SqlClient {
  /** Statement names by text; bounded, in case a caller ever builds texts at run time. */
  private readonly names = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    const result = await this.pool.query<Row>({ name: this.nameOf(text), text, values: params as unknown[] });
    return result.rows;
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMED_STATEMENTS) return undefined;
      name = `nardy_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

const MAX_NAMED_STATEMENTS = 256;

/** Anything that runs raw SQL with positional parameters, as Prisma's `$queryRawUnsafe` does. */
export interface RawQueryRunner {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * On embedded PGlite: through Prisma, which owns the one PGlite session and
 * orders its transactions (a query sent beside it could land inside one).
 */
export class PrismaSqlClient extends SqlClient {
  constructor(private readonly prisma: RawQueryRunner) {
    super();
  }

  query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.prisma.$queryRawUnsafe<Row[]>(text, ...params);
  }
}

import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Plain parameterised SQL on the service's database, beside Prisma: for the
 * repositories whose hot paths cannot afford the ORM's per-query cost (the
 * bearer-token account lookup, match actions; docs/architecture.md,
 * "Persistence"). One statement per call, committed on its own; write a
 * change that must be atomic as one statement (a data-modifying WITH), or,
 * where it must read under locks before it can write (the end of a rated
 * match), as a `transaction`.
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

  /**
   * Runs `work` in one transaction on one session: the statements it sends
   * through the client it is given commit together when it resolves, and are
   * rolled back when it throws (the error is thrown on). A transaction begun
   * inside it joins it.
   */
  abstract transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T>;
}

/** The client of a transaction under way: its statements run in it, and a transaction begun on it joins it. */
class InTransaction extends SqlClient {
  constructor(private readonly run: (text: string, params: readonly unknown[]) => Promise<unknown[]>) {
    super();
  }

  async query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.run(text, params)) as Row[];
  }

  override transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
    return work(this);
  }
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
    const result = await this.pool.query<Row>(this.statement(text, params));
    return result.rows;
  }

  /** On one of the pool's connections, between BEGIN and COMMIT (or ROLLBACK); the statements are named as above. */
  override async transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
    const session = await this.pool.connect();
    /** Set when even the ROLLBACK failed: the connection is then closed, not put back in the pool. */
    let broken: Error | undefined;
    try {
      await session.query('BEGIN');
      const result = await work(
        new InTransaction(async (text, params) => (await session.query<object>(this.statement(text, params))).rows),
      );
      await session.query('COMMIT');
      return result;
    } catch (err) {
      await session.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw err;
    } finally {
      session.release(broken);
    }
  }

  private statement(text: string, params: readonly unknown[]): pg.QueryConfig {
    return { name: this.nameOf(text), text, values: params as unknown[] };
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

/** A RawQueryRunner that also runs interactive transactions, as Prisma's `$transaction` does. */
export interface TransactionalQueryRunner extends RawQueryRunner {
  $transaction<R>(
    work: (tx: RawQueryRunner) => Promise<R>,
    options?: { maxWait?: number; timeout?: number },
  ): Promise<R>;
}

/**
 * How long a transaction may wait to start, and take: long enough for a busy
 * embedded database (one session, every statement in turn); they only bound a
 * transaction that is stuck.
 */
const TRANSACTION_LIMITS = { maxWait: 30_000, timeout: 30_000 };

/**
 * On embedded PGlite: through Prisma, which owns the one PGlite session and
 * orders its transactions (a query sent beside it could land inside one).
 */
export class PrismaSqlClient extends SqlClient {
  constructor(private readonly prisma: TransactionalQueryRunner) {
    super();
  }

  query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.prisma.$queryRawUnsafe<Row[]>(text, ...params);
  }

  /** Prisma's interactive transaction. */
  override transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      (tx) => work(new InTransaction((text, params) => tx.$queryRawUnsafe<unknown[]>(text, ...params))),
      TRANSACTION_LIMITS,
    );
  }
}

/**
 * The outbox's rows (docs/architecture.md, "The outbox"): the only code that reads or writes outbox
 * and outbox_subscriptions. Producers publish with the SQL function outbox_publish in their own
 * transaction (from a trigger, or with `publish` on their transaction's client).
 */
import { Inject, Injectable } from '@nestjs/common';
import { BACKGROUND_SQL_CLIENT } from '../background-sql-client.js';
import { SqlClient } from '../sql-client.js';
import type { OutboxMessage } from './outbox-message.js';

/** What a consumer took, and when the soonest lease another holds on a due row ends (ms from now; null: none). */
export interface TakenMessages {
  readonly taken: readonly OutboxMessage[];
  readonly nextFreeInMs: number | null;
}

/** Takes up to $2 due rows of consumer $1 that nobody holds, for holder $4, for $3 seconds. */
const TAKE = `
WITH taken AS (
  UPDATE outbox SET taken_until = clock_timestamp() + make_interval(secs => $3), taken_by = $4::uuid
   WHERE consumer = $1 AND key IN (
         SELECT key FROM outbox
          WHERE consumer = $1 AND available_at <= clock_timestamp()
            AND (taken_until IS NULL OR taken_until < clock_timestamp())
          ORDER BY available_at LIMIT $2 FOR UPDATE SKIP LOCKED)
  RETURNING key::text AS key, type, payload, available_at::text AS mark)
SELECT key, type, payload, mark, NULL::float8 AS free_in_ms FROM taken
UNION ALL
SELECT NULL, NULL, NULL, NULL, ceil(extract(epoch FROM min(taken_until) - clock_timestamp()) * 1000)::float8
  FROM outbox WHERE consumer = $1 AND available_at <= clock_timestamp() AND taken_until >= clock_timestamp()`;

/** Renews holder $4's leases on rows $2 of consumer $1 for $3 seconds: only those it still holds. */
const RENEW = `
UPDATE outbox SET taken_until = clock_timestamp() + make_interval(secs => $3)
 WHERE consumer = $1 AND key = ANY($2::uuid[]) AND taken_by = $4::uuid AND taken_until IS NOT NULL`;

/** Deletes rows ($2 keys, $3 marks) of consumer $1 not renewed since they were taken. */
const ACKNOWLEDGE = `
DELETE FROM outbox o USING unnest($2::uuid[], $3::timestamptz[]) AS d(key, mark)
 WHERE o.consumer = $1 AND o.key = d.key AND o.available_at = d.mark`;

@Injectable()
export class OutboxRepository {
  /** Consumers' statements run on the background pool: no request waits on them (background-sql-client.ts). */
  constructor(@Inject(BACKGROUND_SQL_CLIENT) private readonly sql: SqlClient) {}

  /**
   * Publishes a message of `type` about each of `keys` to the subscribers of the type, in `tx` (the
   * producer's transaction), available from `at` (now when not given).
   */
  async publish(tx: Pick<SqlClient, 'query'>, type: string, keys: readonly string[], at?: Date): Promise<void> {
    await tx.query(`SELECT outbox_publish($1, $2::uuid[], NULL, $3::timestamptz) IS NULL AS published`, [
      type,
      keys,
      at?.toISOString() ?? null,
    ]);
  }

  /** Takes up to `limit` due messages of `consumer` that nobody holds, for `holder`, for `leaseSeconds`. */
  async take(consumer: string, holder: string, leaseSeconds: number, limit: number): Promise<TakenMessages> {
    const found = await this.sql.query<{
      key: string | null;
      type: string | null;
      payload: unknown;
      mark: string | null;
      free_in_ms: number | null;
    }>(TAKE, [consumer, limit, leaseSeconds, holder]);
    const taken = found.flatMap((r) =>
      r.key === null || r.mark === null ? [] : [{ key: r.key, type: r.type ?? '', payload: r.payload, mark: r.mark }],
    );
    const next = found.find((r) => r.key === null)?.free_in_ms ?? null;
    return { taken, nextFreeInMs: next === null ? null : Math.max(0, Number(next)) };
  }

  /** Renews `holder`'s leases on the rows `keys` of `consumer` for `leaseSeconds` from now (those it still holds). */
  async renew(consumer: string, holder: string, keys: readonly string[], leaseSeconds: number): Promise<void> {
    if (keys.length === 0) return;
    await this.sql.query(RENEW, [consumer, keys, leaseSeconds, holder]);
  }

  /** Deletes the rows of `messages` not renewed since they were taken, in `tx` when given. */
  async acknowledge(
    consumer: string,
    messages: readonly OutboxMessage[],
    tx: Pick<SqlClient, 'query'> = this.sql,
  ): Promise<void> {
    if (messages.length === 0) return;
    await tx.query(ACKNOWLEDGE, [consumer, messages.map((m) => m.key), messages.map((m) => m.mark)]);
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/**
 * What notifications hold of a closed account and delete (docs/accounts.md, "Closing"): its e-mail
 * address with its pending codes and digest items, its push subscriptions, its webhooks (their
 * deliveries with them). The preferences stay: they say nothing of the person.
 */
export const ERASE_ACCOUNT_ADDRESSES_SQL = `
WITH addresses AS (DELETE FROM email_addresses WHERE user_id = ANY($1::uuid[]) RETURNING 1),
     codes AS (DELETE FROM email_tokens WHERE user_id = ANY($1::uuid[]) RETURNING 1),
     digest AS (DELETE FROM email_digest_items WHERE user_id = ANY($1::uuid[]) RETURNING 1),
     pushes AS (DELETE FROM push_subscriptions WHERE user_id = ANY($1::uuid[]) RETURNING 1),
     hooks AS (DELETE FROM webhooks WHERE user_id = ANY($1::uuid[]) RETURNING 1)
SELECT (SELECT count(*)::int FROM addresses) + (SELECT count(*)::int FROM codes) + (SELECT count(*)::int FROM digest)
     + (SELECT count(*)::int FROM pushes) + (SELECT count(*)::int FROM hooks) AS n`;

@Injectable()
export class AccountErasureRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Deletes the addresses of the accounts `userIds` (UUIDs), in `tx` when given; how many rows went. */
  async erase(userIds: readonly string[], tx: Pick<SqlClient, 'query'> = this.sql): Promise<number> {
    const [row] = await tx.query<{ n: number }>(ERASE_ACCOUNT_ADDRESSES_SQL, [userIds]);
    return row?.n ?? 0;
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Pick<SqlClient, 'query'>) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }
}

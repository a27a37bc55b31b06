import { Injectable } from '@nestjs/common';
import { publishSql } from '../database/outbox/publish-sql.js';
import { SqlClient } from '../database/sql-client.js';

/** The message a closing publishes (docs/accounts.md, "Closing"): its key is the account's id. */
export const ACCOUNT_CLOSED = 'account.closed';

/**
 * The closing of an account on its row (docs/accounts.md, "Closing"): `closed_at` set, the row kept
 * (its name stays taken, its matches keep their players), and `account.closed` published to the
 * outbox in the same statement, for the modules above that hold the account's addresses (the
 * notifications' e-mail address, push subscriptions and webhooks) to delete them.
 */
@Injectable()
export class AccountClosingRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Closes the account `id` (a UUID) at `at` if it is open, and publishes `account.closed`; false
   * when it was closed already (or there is none), with nothing written.
   */
  async close(id: string, at: Date): Promise<boolean> {
    const [row] = await this.sql.query<{ closed: number }>(
      `WITH closed AS (
         UPDATE users SET closed_at = $2::timestamptz, updated_at = now()
          WHERE id = $1::uuid AND closed_at IS NULL RETURNING id
       ), told AS (SELECT ${publishSql(ACCOUNT_CLOSED, 'ARRAY(SELECT id FROM closed)')} IS NULL AS published)
       SELECT (SELECT count(*)::int FROM closed) AS closed, (SELECT bool_and(published) FROM told) AS told`,
      [id, at.toISOString()],
    );
    return (row?.closed ?? 0) > 0;
  }
}

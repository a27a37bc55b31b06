import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** One try at delivering a notification to a webhook (docs/webhooks.md, "Deliveries"). */
export interface WebhookDeliveryAttempt {
  readonly webhookId: string;
  /** The notification's id, sent as `webhook-id`. */
  readonly messageId: string;
  readonly type: string;
  readonly attempt: number;
  readonly attemptedAt: Date;
  /** The HTTP status answered; null when none was (refused address, timeout, connection error). */
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

interface DeliveryRow {
  webhookId: string;
  messageId: string;
  type: string;
  attempt: number;
  attemptedAt: Date | string;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** The longest error text kept (the column's size). */
const ERROR_MAX_LENGTH = 200;

/** The webhooks' last delivery attempts (`webhook_deliveries`), the newest `keep` of each. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Records `attempt`, and forgets that webhook's attempts older than its newest `keep`. */
  async record(attempt: WebhookDeliveryAttempt, keep: number): Promise<void> {
    await this.recordAll([attempt], keep);
  }

  /**
   * Records `attempts` (a worker's batch; those of a webhook deleted meanwhile are left out), and
   * forgets each of their webhooks' attempts older than its newest `keep`: two statements, whatever
   * the batch's size.
   */
  async recordAll(attempts: readonly WebhookDeliveryAttempt[], keep: number): Promise<void> {
    if (attempts.length === 0) return;
    const column = <T>(of: (attempt: WebhookDeliveryAttempt) => T): T[] => attempts.map(of);
    // Two statements, not one transaction: a trim that fails is made up by the next batch's.
    await this.sql.query(
      `INSERT INTO webhook_deliveries
           (id, webhook_id, message_id, type, attempt, attempted_at, status, error, duration_ms)
         SELECT d.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::timestamptz[],
                                $7::int[], $8::text[], $9::int[])
                  AS d(id, webhook_id, message_id, type, attempt, attempted_at, status, error, duration_ms)
          WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id)`,
      [
        column(() => randomUUID()),
        column((a) => a.webhookId),
        column((a) => a.messageId),
        column((a) => a.type),
        column((a) => a.attempt),
        column((a) => a.attemptedAt.toISOString()),
        column((a) => a.status),
        column((a) => a.error?.slice(0, ERROR_MAX_LENGTH) ?? null),
        column((a) => a.durationMs),
      ],
    );
    await this.sql.query(
      `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM (
             SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY attempted_at DESC, id DESC) AS newer
               FROM webhook_deliveries WHERE webhook_id = ANY($1::uuid[])) ranked
            WHERE newer > $2::int)`,
      [[...new Set(column((a) => a.webhookId))], keep],
    );
  }

  /** Webhook `webhookId`'s last `limit` attempts, newest first. */
  async lastOf(webhookId: string, limit: number): Promise<WebhookDeliveryAttempt[]> {
    const rows = await this.sql.query<DeliveryRow>(
      `SELECT webhook_id::text AS "webhookId", message_id::text AS "messageId", type, attempt,
              attempted_at AS "attemptedAt", status, error, duration_ms AS "durationMs"
         FROM webhook_deliveries WHERE webhook_id = $1::uuid
        ORDER BY attempted_at DESC, id DESC LIMIT $2::int`,
      [webhookId, limit],
    );
    return rows.map((row) => ({
      ...row,
      attemptedAt: row.attemptedAt instanceof Date ? row.attemptedAt : new Date(row.attemptedAt),
    }));
  }
}

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
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhook_deliveries
           (id, webhook_id, message_id, type, attempt, attempted_at, status, error, duration_ms)
         SELECT $1::uuid, $2::uuid, $3::uuid, $4, $5::int, $6::timestamptz, $7::int, $8, $9::int
          WHERE EXISTS (SELECT 1 FROM webhooks WHERE id = $2::uuid)`,
        [
          randomUUID(),
          attempt.webhookId,
          attempt.messageId,
          attempt.type,
          attempt.attempt,
          attempt.attemptedAt.toISOString(),
          attempt.status,
          attempt.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
          attempt.durationMs,
        ],
      );
      await tx.query(
        `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM webhook_deliveries WHERE webhook_id = $1::uuid
            ORDER BY attempted_at DESC, id DESC OFFSET $2::int)`,
        [attempt.webhookId, keep],
      );
    });
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

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import type { WebhookEvent } from './webhook-events.js';
import { lockAccountSql } from '../../users/index.js';

/** A webhook as its owner sees it: never its secret. */
export interface Webhook {
  readonly id: string;
  readonly userId: string;
  readonly url: string;
  /** Its owner's name for it (docs/architecture.md, "Text people type"); null when none was given. */
  readonly label: string | null;
  readonly events: readonly WebhookEvent[];
  readonly createdAt: Date;
  readonly failingSince: Date | null;
  readonly disabledAt: Date | null;
  readonly disabledReason: string | null;
}

/** A webhook with its secret, to sign a delivery with. */
export interface WebhookTarget extends Webhook {
  readonly secret: string;
}

interface WebhookRow {
  id: string;
  userId: string;
  url: string;
  label: string | null;
  events: string[];
  createdAt: Date | string;
  failingSince: Date | string | null;
  disabledAt: Date | string | null;
  disabledReason: string | null;
}

const COLUMNS = `w.id::text AS id, w.user_id::text AS "userId", w.url, w.label, w.events, w.created_at AS "createdAt",
       w.failing_since AS "failingSince", w.disabled_at AS "disabledAt", w.disabled_reason AS "disabledReason"`;

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const maybeDate = (value: Date | string | null): Date | null => (value === null ? null : dateOf(value));

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    userId: row.userId,
    url: row.url,
    label: row.label,
    events: row.events as WebhookEvent[], // written from WEBHOOK_EVENTS only
    createdAt: dateOf(row.createdAt),
    failingSince: maybeDate(row.failingSince),
    disabledAt: maybeDate(row.disabledAt),
    disabledReason: row.disabledReason,
  };
}

/** The accounts' webhooks (`webhooks`; docs/webhooks.md). */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Stores a new webhook of the account, unless it has `limit` already: null then. The account's
   * row is locked first, as for personal API tokens, so two registrations at once count each other.
   */
  async create(
    userId: string,
    webhook: { url: string; label: string | null; events: readonly WebhookEvent[]; secret: string; createdAt: Date },
    limit: number,
  ): Promise<Webhook | null> {
    return this.sql.transaction(async (tx) => {
      await tx.query(lockAccountSql('$1'), [userId]);
      const rows = await tx.query<WebhookRow>(
        `INSERT INTO webhooks AS w (id, user_id, url, label, events, secret, created_at)
         SELECT $1::uuid, $2::uuid, $3, $8, $4::varchar[], $5, $6::timestamptz
          WHERE (SELECT count(*) FROM webhooks WHERE user_id = $2::uuid) < $7::int
         RETURNING ${COLUMNS}`,
        [
          randomUUID(),
          userId,
          webhook.url,
          [...webhook.events],
          webhook.secret,
          webhook.createdAt.toISOString(),
          limit,
          webhook.label,
        ],
      );
      return rows.length === 0 ? null : toWebhook(rows[0]);
    });
  }

  /** The account's webhooks, oldest first. */
  async listOf(userId: string): Promise<Webhook[]> {
    const rows = await this.sql.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks w WHERE w.user_id = $1::uuid ORDER BY w.created_at, w.id`,
      [userId],
    );
    return rows.map(toWebhook);
  }

  /** The account's webhook `id`; null when the account has none such. */
  async findOwned(userId: string, id: string): Promise<Webhook | null> {
    const [row] = await this.sql.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks w WHERE w.id = $1::uuid AND w.user_id = $2::uuid`,
      [id, userId],
    );
    return row ? toWebhook(row) : null;
  }

  /** Deletes the account's webhook `id` (its deliveries with it); false when the account has no such webhook. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `DELETE FROM webhooks WHERE id = $1::uuid AND user_id = $2::uuid RETURNING id::text AS id`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /**
   * The enabled webhooks of the accounts `userIds` with the events each is subscribed to, oldest
   * first; on `sql` when given (the transaction queuing deliveries).
   */
  async enabledOf(
    userIds: readonly string[],
    sql: OpenTransaction = this.sql,
  ): Promise<Array<{ id: string; userId: string; events: WebhookEvent[] }>> {
    if (userIds.length === 0) return [];
    return sql.query<{ id: string; userId: string; events: WebhookEvent[] }>(
      `SELECT id::text AS id, user_id::text AS "userId", events FROM webhooks
        WHERE user_id = ANY($1::uuid[]) AND disabled_at IS NULL
        ORDER BY created_at, id`,
      [[...new Set(userIds)]],
    );
  }

  /** The webhooks `ids` with their secrets, to deliver to, by id; those gone are left out. */
  async targets(ids: readonly string[]): Promise<Map<string, WebhookTarget>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await this.sql.query<WebhookRow & { secret: string }>(
      `SELECT ${COLUMNS}, w.secret FROM webhooks w WHERE w.id = ANY($1::uuid[])`,
      [wanted],
    );
    return new Map(rows.map((row) => [row.id, { ...toWebhook(row), secret: row.secret }]));
  }

  /** The account the webhook `id` belongs to; null when there is no such webhook. */
  async ownerOf(id: string): Promise<string | null> {
    const [row] = await this.sql.query<{ user_id: string }>(`SELECT user_id FROM webhooks WHERE id = $1::uuid`, [id]);
    return row?.user_id ?? null;
  }

  /** A delivery to `id` succeeded: it is failing no more. */
  async succeeded(id: string): Promise<void> {
    await this.sql.query(`UPDATE webhooks SET failing_since = NULL WHERE id = $1::uuid AND failing_since IS NOT NULL`, [
      id,
    ]);
  }

  /** A delivery to `id` failed at `at`: its first failure since its last success, `at` if none; null when it is gone. */
  async failed(id: string, at: Date): Promise<Date | null> {
    const [row] = await this.sql.query<{ failingSince: Date | string }>(
      `UPDATE webhooks SET failing_since = COALESCE(failing_since, $2::timestamptz)
        WHERE id = $1::uuid RETURNING failing_since AS "failingSince"`,
      [id, at.toISOString()],
    );
    return row ? dateOf(row.failingSince) : null;
  }

  /**
   * Disables webhook `id` at `at` with `reason` if it is enabled and has been failing since
   * `failingBefore` or earlier, and then runs `then` in the same transaction (to queue the
   * owner's notice with it). False when it was not disabled by this call (it answered meanwhile,
   * or another delivery disabled it first).
   */
  async disableIfFailing(
    id: string,
    failingBefore: Date,
    at: Date,
    reason: string,
    then: (webhook: Webhook, tx: OpenTransaction) => Promise<void>,
  ): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const rows = await tx.query<WebhookRow>(
        `UPDATE webhooks AS w SET disabled_at = $3::timestamptz, disabled_reason = $4
          WHERE w.id = $1::uuid AND w.disabled_at IS NULL AND w.failing_since <= $2::timestamptz
         RETURNING ${COLUMNS}`,
        [id, failingBefore.toISOString(), at.toISOString(), reason],
      );
      if (rows.length === 0) return false;
      await then(toWebhook(rows[0]), tx);
      return true;
    });
  }
}

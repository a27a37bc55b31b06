import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { OpenTransaction } from '../core/notification-queue.js';

/** A browser's push subscription as stored (docs/web-push.md, "Subscriptions"). */
export interface PushSubscription {
  readonly id: string;
  readonly userId: string;
  readonly endpoint: string;
  /** The browser's P-256 public key, base64url. */
  readonly p256dh: string;
  /** The browser's authentication secret, base64url. */
  readonly auth: string;
}

/** What a browser hands over when it subscribes. */
export interface SubscriptionToKeep {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
}

/** The outcome of keeping a subscription: its id, and whether it was new; null when the account is at its cap. */
export type Kept = { readonly id: string; readonly created: boolean } | null;

const COLUMNS = `id::text AS id, user_id::text AS "userId", endpoint, p256dh, auth`;

/** The push subscriptions (`push_subscriptions`). */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Keeps `subscription` for the account: the same endpoint again keeps its id and takes the new
   * keys; an endpoint another account held moves to this one (a browser is one person's at a time,
   * the last to turn notifications on); a new one is added unless the account has `limit` already.
   * The account's row is locked first (FOR NO KEY UPDATE, as the other per-account caps do) so two
   * subscriptions at once count each other.
   */
  keep(userId: string, subscription: SubscriptionToKeep, limit: number): Promise<Kept> {
    const { endpoint, p256dh, auth } = subscription;
    const expiresAt = subscription.expiresAt?.toISOString() ?? null;
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1::uuid FOR NO KEY UPDATE`, [userId]);
      const [same] = await tx.query<{ id: string }>(
        `UPDATE push_subscriptions SET p256dh = $3, auth = $4, expires_at = $5::timestamptz
          WHERE user_id = $1::uuid AND endpoint = $2 RETURNING id::text AS id`,
        [userId, endpoint, p256dh, auth, expiresAt],
      );
      if (same) return { id: same.id, created: false };
      await tx.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2::uuid`, [endpoint, userId]);
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, expires_at, created_at)
         SELECT $1::uuid, $2::uuid, $3, $4, $5, $6::timestamptz, $7::timestamptz
          WHERE (SELECT count(*) FROM push_subscriptions WHERE user_id = $2::uuid) < $8::int
         RETURNING id::text AS id`,
        [randomUUID(), userId, endpoint, p256dh, auth, expiresAt, subscription.createdAt.toISOString(), limit],
      );
      return rows.length === 0 ? null : { id: rows[0].id, created: true };
    });
  }

  /** The ids of the account's subscriptions, oldest first. */
  async idsOf(userId: string): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id::text AS id FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** The subscriptions' ids of the accounts `userIds`, by account, oldest first; on `sql` when given. */
  async idsOfUsers(userIds: readonly string[], sql: OpenTransaction = this.sql): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (userIds.length === 0) return found;
    const rows = await sql.query<{ id: string; userId: string }>(
      `SELECT id::text AS id, user_id::text AS "userId" FROM push_subscriptions
        WHERE user_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [[...new Set(userIds)]],
    );
    for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row.id]);
    return found;
  }

  /** The subscription `id`; null when it is gone (unsubscribed, or removed after a 410). */
  async find(id: string): Promise<PushSubscription | null> {
    const [row] = await this.sql.query<PushSubscription>(
      `SELECT ${COLUMNS} FROM push_subscriptions WHERE id = $1::uuid`,
      [id],
    );
    return row ?? null;
  }

  /** Deletes the account's subscription `id`; false when the account has no such subscription. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `DELETE FROM push_subscriptions WHERE id = $1::uuid AND user_id = $2::uuid RETURNING id::text AS id`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /** Deletes subscription `id` if it still has `endpoint` (the push service said it is gone for good). */
  async deleteGone(id: string, endpoint: string): Promise<void> {
    await this.sql.query(`DELETE FROM push_subscriptions WHERE id = $1::uuid AND endpoint = $2`, [id, endpoint]);
  }
}

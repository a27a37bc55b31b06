import { Injectable } from '@nestjs/common';
import { isLanguage, type Language } from '../../common/languages.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import { SqlClient } from '../../database/sql-client.js';
import type { Notification } from '../core/notification.js';
import type { DigestEntry } from './mail-content.js';
import { accountLanguageSql, joinAccountSql } from '../../users/index.js';

/** The notifications kept for the accounts' daily digest mail (`email_digest_items`), until it is sent. */
@Injectable()
export class EmailDigestRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Keeps `notification` for its account's digest; kept once, however often it is offered. */
  async keep(notification: Notification, sql: OpenTransaction = this.sql): Promise<void> {
    await sql.query(
      `INSERT INTO email_digest_items (notification_id, user_id, kind, title, body, path, created_at)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7::timestamptz)
       ON CONFLICT (notification_id) DO NOTHING`,
      [
        notification.id,
        notification.userId,
        notification.kind,
        notification.title,
        notification.body,
        notification.path,
        notification.createdAt,
      ],
    );
  }

  /** The accounts whose oldest kept notification is from `dueBefore` or earlier, at most `limit`. */
  async dueAccounts(dueBefore: Date, limit: number): Promise<{ userId: string; language: Language | null }[]> {
    const rows = await this.sql.query<{ userId: string; language: string | null }>(
      `SELECT d.user_id::text AS "userId", min(${accountLanguageSql('u')}) AS language
         FROM email_digest_items d ${joinAccountSql('u', 'd.user_id')}
        GROUP BY d.user_id HAVING min(d.created_at) <= $1::timestamptz
        ORDER BY min(d.created_at) LIMIT $2::int`,
      [dueBefore.toISOString(), limit],
    );
    return rows.map((row) => ({ userId: row.userId, language: isLanguage(row.language) ? row.language : null }));
  }

  /**
   * Takes the account's kept notifications, oldest first, and hands them to `send` in the same
   * transaction: they are gone only if what `send` queues commits, and two nodes sweeping at once
   * cannot both take them (the second DELETE finds them gone).
   */
  async take(
    userId: string,
    send: (entries: readonly DigestEntry[], tx: OpenTransaction) => Promise<void>,
  ): Promise<number> {
    return this.sql.transaction(async (tx) => {
      const rows = await tx.query<DigestEntry & { createdAt: Date }>(
        `DELETE FROM email_digest_items WHERE user_id = $1::uuid
         RETURNING title, body, path, created_at AS "createdAt"`,
        [userId],
      );
      if (rows.length === 0) return 0;
      rows.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
      await send(
        rows.map(({ title, body, path }) => ({ title, body, path })),
        tx,
      );
      return rows.length;
    });
  }
}

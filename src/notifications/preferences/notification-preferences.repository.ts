import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import type { NotificationKind } from '../core/notification.js';
import type { EmailPreference, KindPreference } from './notification-preferences.js';

/** A change to one kind: the channels given change, the others stay. */
export interface KindChange {
  readonly email?: EmailPreference;
  readonly push?: boolean;
}

/** The account's stored choices (`notification_preferences`), by kind; a kind without a row has the defaults. */
@Injectable()
export class NotificationPreferencesRepository {
  constructor(private readonly sql: SqlClient) {}

  async of(userId: string): Promise<Map<NotificationKind, KindPreference>> {
    const rows = await this.sql.query<{ kind: NotificationKind; email: EmailPreference; push: boolean }>(
      `SELECT kind, email, push FROM notification_preferences WHERE user_id = $1::uuid`,
      [userId],
    );
    return new Map(rows.map((row) => [row.kind, { email: row.email, push: row.push }]));
  }

  /** The stored choices of the accounts `userIds`, by account then kind; on `sql` when given. */
  async ofUsers(
    userIds: readonly string[],
    sql: OpenTransaction = this.sql,
  ): Promise<Map<string, Map<NotificationKind, KindPreference>>> {
    const found = new Map<string, Map<NotificationKind, KindPreference>>();
    if (userIds.length === 0) return found;
    const rows = await sql.query<{ userId: string; kind: NotificationKind; email: EmailPreference; push: boolean }>(
      `SELECT user_id::text AS "userId", kind, email, push FROM notification_preferences WHERE user_id = ANY($1::uuid[])`,
      [[...new Set(userIds)]],
    );
    for (const row of rows) {
      const kinds = found.get(row.userId) ?? new Map<NotificationKind, KindPreference>();
      kinds.set(row.kind, { email: row.email, push: row.push });
      found.set(row.userId, kinds);
    }
    return found;
  }

  /**
   * Changes the channels given of each kind given, in one transaction. Each row is written from
   * what it holds at the time (the default when there is none), so two changes at once to different
   * channels of a kind both stay.
   */
  async change(
    userId: string,
    changes: ReadonlyArray<{ kind: NotificationKind; change: KindChange; defaults: KindPreference }>,
  ): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const { kind, change, defaults } of changes) {
        await tx.query(
          `INSERT INTO notification_preferences AS p (user_id, kind, email, push)
           VALUES ($1::uuid, $2, COALESCE($3::varchar, $5::varchar), COALESCE($4::boolean, $6::boolean))
           ON CONFLICT (user_id, kind) DO UPDATE
             SET email = COALESCE($3::varchar, p.email), push = COALESCE($4::boolean, p.push)`,
          [userId, kind, change.email ?? null, change.push ?? null, defaults.email, defaults.push],
        );
      }
    });
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/** A moderator's action on an account, as the account's export shows it: the moderator is not named. */
export interface ActionOnAccount {
  readonly id: string;
  readonly action: string;
  readonly reason: string;
  readonly days: number | null;
  readonly endsAt: string | null;
  readonly details: unknown;
  readonly createdAt: string;
}

/** The moderators' actions on an account (docs/moderation.md), for the export of its data (docs/accounts.md). */
@Injectable()
export class ActionsOnAccount {
  constructor(private readonly sql: SqlClient) {}

  /** Every action on `userId` (a UUID), oldest first (by moderation_actions_target_id_created_at_idx). */
  async of(userId: string): Promise<ActionOnAccount[]> {
    const rows = await this.sql.query<{
      id: string;
      action: string;
      reason: string;
      days: number | null;
      endsAt: Date | string | null;
      details: unknown;
      createdAt: Date | string;
    }>(
      `SELECT id, action, reason, days, ends_at AS "endsAt", details, created_at AS "createdAt"
         FROM moderation_actions WHERE target_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({
      ...r,
      endsAt: r.endsAt === null ? null : new Date(r.endsAt).toISOString(),
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }
}

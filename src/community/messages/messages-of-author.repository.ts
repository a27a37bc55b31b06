import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** A message an account wrote, as its export shows it (docs/accounts.md, "Your data"). */
export interface WrittenMessage {
  readonly id: string;
  readonly matchId: string;
  readonly text: string;
  readonly createdAt: string;
}

/** The match messages an account wrote (docs/community.md), for the export of its data. */
@Injectable()
export class MessagesOfAuthor {
  constructor(private readonly sql: SqlClient) {}

  /** Every message `userId` (a UUID) wrote, oldest first (by match_messages_author_id_created_at_idx). */
  async of(userId: string): Promise<WrittenMessage[]> {
    const rows = await this.sql.query<{ id: string; matchId: string; text: string; createdAt: Date | string }>(
      `SELECT id, match_id AS "matchId", text, created_at AS "createdAt" FROM match_messages
        WHERE author_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }

  /** The latest `limit` messages `userId` wrote, newest first (the moderators' report queue, docs/moderation.md). */
  async latest(userId: string, limit: number): Promise<WrittenMessage[]> {
    const rows = await this.sql.query<{ id: string; matchId: string; text: string; createdAt: Date | string }>(
      `SELECT id, match_id AS "matchId", text, created_at AS "createdAt" FROM match_messages
        WHERE author_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT $2::int`,
      [userId, limit],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }
}

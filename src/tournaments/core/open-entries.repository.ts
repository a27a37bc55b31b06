import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/**
 * The tournaments not started (open) that an account has entered (docs/accounts.md, "Departure"): the
 * entries an account's departure withdraws, through the tournaments' own withdrawal, and those it
 * organises, which it cancels (nobody else may start them).
 */
@Injectable()
export class OpenEntriesRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The ids of the open tournaments `userId` (a UUID) has entered, oldest entry first. */
  async of(userId: string): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
        WHERE p.user_id = $1::uuid AND t.status = 'open'
        ORDER BY p.entered_at, t.id`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** The ids of the open tournaments `userId` (a UUID) organises, oldest first: nobody else may start them. */
  async organisedBy(userId: string): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id FROM tournaments WHERE organiser_id = $1::uuid AND status = 'open' ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => r.id);
  }
}

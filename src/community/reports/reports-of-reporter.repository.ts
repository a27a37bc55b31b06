import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** A report an account filed, as its export shows it (docs/accounts.md, "Your data"). */
export interface FiledReport {
  readonly id: string;
  /** The reported player's name. */
  readonly username: string;
  readonly reason: string;
  readonly matchId: string | null;
  readonly messageId: string | null;
  readonly text: string | null;
  readonly createdAt: string;
}

/** The reports an account filed (docs/community.md), each filing, for the export of its data. */
@Injectable()
export class ReportsOfReporter {
  constructor(private readonly sql: SqlClient) {}

  /** Every filing of `userId` (a UUID), oldest first (by report_filings_reporter_id_created_at_idx). */
  async of(userId: string): Promise<FiledReport[]> {
    const rows = await this.sql.query<Omit<FiledReport, 'createdAt'> & { createdAt: Date | string }>(
      `SELECT f.id, t.username, f.reason, f.match_id AS "matchId", f.message_id AS "messageId", f.text,
              f.created_at AS "createdAt"
         FROM report_filings f JOIN reports r ON r.id = f.report_id JOIN users t ON t.id = r.target_id
        WHERE f.reporter_id = $1::uuid ORDER BY f.created_at, f.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }
}

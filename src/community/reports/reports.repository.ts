import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  cursorCodec,
  instantKey,
  pageOf,
  pageStart,
  uuidKey,
  type Page,
  type PageRequest,
} from '../../common/page-cursor.js';
import { SqlClient } from '../../database/sql-client.js';
import { lockAccountSql } from '../../users/index.js';
import type { FilingByReporter, ReportCase, ReportFiling, ReportReason, ReportStatus } from './report.js';

/** A filing to store: the reporter's words about the target. */
export interface NewFiling {
  readonly reporterId: string;
  readonly targetId: string;
  readonly reason: ReportReason;
  readonly matchId: string | null;
  readonly messageId: string | null;
  readonly text: string | null;
  readonly at: Date;
}

/** The reporter's cap: at most `limit` filings after `since`. */
export interface FilingLimit {
  readonly since: Date;
  readonly limit: number;
}

/** A filing stored (in the case `reportId`), or refused at the cap until `freeFrom` leaves the window. */
export type FilingOutcome = { readonly reportId: string } | { readonly freeFrom: Date };

/** The queue's pages, the case with the latest filing first: a cursor holds its time and id. */
const CASES_CURSOR = cursorCodec('report-cases', { updatedAt: instantKey, id: uuidKey });

interface CaseRow {
  id: string;
  status: ReportStatus;
  target_id: string;
  target: string;
  reporter_id: string;
  reporter: string;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  closed_by_id: string | null;
  closed_by: string | null;
  resolution: string | null;
}

interface FilingRow {
  id: string;
  report_id: string;
  reporter_id: string;
  reporter: string;
  reason: ReportReason;
  match_id: string | null;
  message_id: string | null;
  text: string | null;
  created_at: Date;
}

/** A case's columns, its target, reporter and closer named (display names only). */
const CASE_SELECT = `
SELECT r.id::text AS id, r.status, r.target_id::text AS target_id, t.username AS target,
       r.reporter_id::text AS reporter_id, p.username AS reporter, r.created_at, r.updated_at, r.closed_at,
       r.closed_by_id::text AS closed_by_id, c.username AS closed_by, r.resolution
  FROM reports r
  JOIN users t ON t.id = r.target_id
  JOIN users p ON p.id = r.reporter_id
  LEFT JOIN users c ON c.id = r.closed_by_id`;

const FILING_COLUMNS = `f.id::text AS id, f.report_id::text AS report_id, f.reporter_id::text AS reporter_id,
       f.reason, f.match_id::text AS match_id, f.message_id::text AS message_id, f.text, f.created_at`;

/** The client a statement runs on: the pool, or a caller's transaction. */
export type Runner = Pick<SqlClient, 'query'>;

/**
 * The reports (docs/community.md, "Reports"), tables `reports` and `report_filings`: the only code that
 * reads and writes them. A case is open while its `open_slot` is true; the unique index on (reporter,
 * target, open_slot) holds one open case per reporter and target, and null (closed) slots never clash.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Stores a filing, joined to the reporter's open case about the target (its `updated_at` moved to
   * the filing's time), or to a new case; unless the reporter filed `limit` already since `since`.
   * The filings are counted under the reporter's lock (lockAccountSql), so that filings at once, on
   * any node, are counted one after the other; the case is found or made by one statement on the
   * unique open slot, so that two first filings at once make one case.
   */
  async file(filing: NewFiling, cap: FilingLimit): Promise<FilingOutcome> {
    return this.sql.transaction(async (tx) => {
      await tx.query(lockAccountSql('$1'), [filing.reporterId]);
      const [counted] = await tx.query<{ recent: Date[] }>(
        `SELECT ARRAY(SELECT created_at FROM report_filings WHERE reporter_id = $1::uuid AND created_at > $2::timestamptz
                       ORDER BY created_at DESC LIMIT $3::int) AS recent`,
        [filing.reporterId, cap.since.toISOString(), cap.limit],
      );
      // The filing that leaves the window first and frees a place: the cap-th newest.
      if (counted.recent.length >= cap.limit) return { freeFrom: new Date(counted.recent[cap.limit - 1]) };
      const at = filing.at.toISOString();
      const [report] = await tx.query<{ id: string }>(
        `INSERT INTO reports AS r (id, reporter_id, target_id, status, open_slot, created_at, updated_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, 'open', true, $4::timestamptz, $4::timestamptz)
         ON CONFLICT (reporter_id, target_id, open_slot)
           DO UPDATE SET updated_at = GREATEST(r.updated_at, EXCLUDED.updated_at)
         RETURNING id::text AS id`,
        [randomUUID(), filing.reporterId, filing.targetId, at],
      );
      await tx.query(
        `INSERT INTO report_filings (id, report_id, reporter_id, reason, match_id, message_id, text, created_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::uuid, $6::uuid, $7, $8::timestamptz)`,
        [randomUUID(), report.id, filing.reporterId, filing.reason, filing.matchId, filing.messageId, filing.text, at],
      );
      return { reportId: report.id };
    });
  }

  /** The author and match of the match message `id`; null for none. */
  async messageOf(id: string): Promise<{ authorId: string; matchId: string } | null> {
    const rows = await this.sql.query<{ author_id: string; match_id: string }>(
      `SELECT author_id::text AS author_id, match_id::text AS match_id FROM match_messages WHERE id = $1::uuid`,
      [id],
    );
    return rows.length === 0 ? null : { authorId: rows[0].author_id, matchId: rows[0].match_id };
  }

  /** The cases of `status`, the latest filing first, a cursor page at a time, with their filings. */
  async cases(status: ReportStatus, page: PageRequest): Promise<Page<ReportCase>> {
    const after = pageStart(CASES_CURSOR, page);
    const rows = await this.sql.query<CaseRow>(
      `${CASE_SELECT}
        WHERE r.status = $1
          AND ($3::timestamptz IS NULL OR (r.updated_at, r.id) < ($3::timestamptz, $4::uuid))
        ORDER BY r.updated_at DESC, r.id DESC
        LIMIT $2::int`,
      [status, page.limit + 1, after?.updatedAt.toISOString() ?? null, after?.id ?? null],
    );
    const found = pageOf(
      CASES_CURSOR,
      rows,
      page.limit,
      (row) => row,
      (row) => ({
        updatedAt: new Date(row.updated_at),
        id: row.id,
      }),
    );
    return { items: await this.withFilings(found.items), next: found.next };
  }

  /** The case `id`, with its filings; null for none. */
  async case(id: string, sql: Runner = this.sql): Promise<ReportCase | null> {
    const rows = await sql.query<CaseRow>(`${CASE_SELECT} WHERE r.id = $1::uuid`, [id]);
    const [found] = await this.withFilings(rows, sql);
    return found ?? null;
  }

  /** Every case about `targetId`, the latest filing first, with their filings. */
  async casesAbout(targetId: string): Promise<ReportCase[]> {
    const rows = await this.sql.query<CaseRow>(
      `${CASE_SELECT} WHERE r.target_id = $1::uuid ORDER BY r.updated_at DESC, r.id DESC`,
      [targetId],
    );
    return this.withFilings(rows);
  }

  /**
   * Closes the open case `id` with `resolution`: 'closed', or what it found instead ('not-found', or
   * 'already-closed' for a case closed before). Its slot is freed: the reporter's next filing about
   * the target opens a new case.
   */
  async close(
    id: string,
    moderatorId: string,
    resolution: string,
    at: Date,
    sql: Runner = this.sql,
  ): Promise<'closed' | 'not-found' | 'already-closed'> {
    const rows = await sql.query<{ closed: boolean }>(
      `WITH closed AS (
         UPDATE reports SET status = 'closed', open_slot = NULL, closed_at = $3::timestamptz,
                            closed_by_id = $2::uuid, resolution = $4
          WHERE id = $1::uuid AND status = 'open'
          RETURNING id)
       SELECT EXISTS (SELECT 1 FROM closed) AS closed FROM reports WHERE id = $1::uuid`,
      [id, moderatorId, at.toISOString(), resolution],
    );
    if (rows.length === 0) return 'not-found';
    return rows[0].closed ? 'closed' : 'already-closed';
  }

  /** Every filing of `reporterId`, the newest first, with its target's name. */
  async filingsBy(reporterId: string): Promise<FilingByReporter[]> {
    const rows = await this.sql.query<Omit<FilingRow, 'reporter'> & { target: string }>(
      `SELECT ${FILING_COLUMNS}, t.username AS target
         FROM report_filings f
         JOIN reports r ON r.id = f.report_id
         JOIN users t ON t.id = r.target_id
        WHERE f.reporter_id = $1::uuid
        ORDER BY f.created_at DESC, f.id DESC`,
      [reporterId],
    );
    return rows.map((row) => ({
      id: row.id,
      reportId: row.report_id,
      target: row.target,
      reason: row.reason,
      matchId: row.match_id,
      messageId: row.message_id,
      text: row.text,
      createdAt: new Date(row.created_at),
    }));
  }

  /** The cases of `rows`, in their order, each with its filings (oldest first), read in one statement. */
  private async withFilings(rows: readonly CaseRow[], sql: Runner = this.sql): Promise<ReportCase[]> {
    if (rows.length === 0) return [];
    const filings = await sql.query<FilingRow>(
      `SELECT ${FILING_COLUMNS}, p.username AS reporter
         FROM report_filings f JOIN users p ON p.id = f.reporter_id
        WHERE f.report_id = ANY($1::uuid[])
        ORDER BY f.created_at, f.id`,
      [rows.map((row) => row.id)],
    );
    const byCase = new Map<string, ReportFiling[]>();
    for (const row of filings) {
      const list = byCase.get(row.report_id) ?? [];
      list.push({
        id: row.id,
        reporterId: row.reporter_id,
        reporter: row.reporter,
        reason: row.reason,
        matchId: row.match_id,
        messageId: row.message_id,
        text: row.text,
        createdAt: new Date(row.created_at),
      });
      byCase.set(row.report_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      targetId: row.target_id,
      target: row.target,
      reporterId: row.reporter_id,
      reporter: row.reporter,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      closedAt: row.closed_at === null ? null : new Date(row.closed_at),
      closedById: row.closed_by_id,
      closedBy: row.closed_by,
      resolution: row.resolution,
      filings: byCase.get(row.id) ?? [],
    }));
  }
}

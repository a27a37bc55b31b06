/**
 * The analyses' rows (match_analyses, docs/analysis.md): the only code that
 * reads or writes them. Plain SQL on the service's pool (docs/architecture.md
 * "Database access"): the progress of a running analysis is written often.
 */
import { Injectable } from '@nestjs/common';
import type { QueryRunner } from '../database/job-queue.js';
import { SqlClient } from '../database/sql-client.js';
import type { MatchAnalysis } from '../engine/index.js';
import type { AnalysisEngineChoice, AnalysisRecord, AnalysisStatus } from './analysis-record.js';

interface AnalysisRow {
  id: string;
  match_id: string;
  engine: AnalysisEngineChoice['name'];
  plies: number;
  status: AnalysisStatus;
  progress: number;
  result: MatchAnalysis | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = 'id, match_id, engine, plies, status, progress, result, error, created_at, finished_at';

function toRecord(row: AnalysisRow): AnalysisRecord {
  return {
    id: row.id,
    matchId: row.match_id,
    engine: { name: row.engine, plies: row.plies },
    status: row.status,
    progress: Number(row.progress),
    result: row.result,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export interface NewAnalysis {
  readonly id: string;
  readonly matchId: string;
  readonly engine: AnalysisEngineChoice;
  readonly requestedBy: string;
  readonly now: Date;
}

@Injectable()
export class AnalysisRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Stores the analysis as queued, unless the match has one by this engine already: then that one,
   * queued again if it had failed. A queued one gets its job from `queueJob`, in the same
   * transaction: the row and its job exist together or not at all.
   */
  request(
    analysis: NewAnalysis,
    queueJob: (tx: QueryRunner, record: AnalysisRecord) => Promise<void>,
  ): Promise<AnalysisRecord> {
    return this.sql.transaction(async (tx) => {
      const { record, created } = await this.stored(tx, analysis);
      if (created) await queueJob(tx, record);
      return record;
    });
  }

  private async stored(sql: SqlClient, analysis: NewAnalysis): Promise<{ record: AnalysisRecord; created: boolean }> {
    const inserted = await sql.query<AnalysisRow>(
      `INSERT INTO match_analyses (id, match_id, engine, plies, status, progress, requested_by, created_at)
       VALUES ($1, $2, $3, $4, 'queued', 0, $5, $6)
       ON CONFLICT (match_id, engine, plies) DO NOTHING
       RETURNING ${COLUMNS}`,
      [analysis.id, analysis.matchId, analysis.engine.name, analysis.engine.plies, analysis.requestedBy, analysis.now],
    );
    if (inserted.length > 0) return { record: toRecord(inserted[0]), created: true };
    const again = await sql.query<AnalysisRow>(
      `UPDATE match_analyses SET status = 'queued', progress = 0, error = NULL, result = NULL, created_at = $4,
              started_at = NULL, finished_at = NULL
        WHERE match_id = $1 AND engine = $2 AND plies = $3 AND status = 'failed'
       RETURNING ${COLUMNS}`,
      [analysis.matchId, analysis.engine.name, analysis.engine.plies, analysis.now],
    );
    if (again.length > 0) return { record: toRecord(again[0]), created: true };
    const [existing] = await sql.query<AnalysisRow>(
      `SELECT ${COLUMNS} FROM match_analyses WHERE match_id = $1 AND engine = $2 AND plies = $3`,
      [analysis.matchId, analysis.engine.name, analysis.engine.plies],
    );
    return { record: toRecord(existing), created: false };
  }

  /** Analyses queued or running in the whole service. */
  async waiting(): Promise<number> {
    const [row] = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM match_analyses WHERE status IN ('queued', 'running')`,
    );
    return row.n;
  }

  /** The match's analysis to show: the newest done, else the newest of any status; null when none was asked. */
  async latest(matchId: string): Promise<AnalysisRecord | null> {
    const rows = await this.sql.query<AnalysisRow>(
      `SELECT ${COLUMNS} FROM match_analyses WHERE match_id = $1
        ORDER BY (status = 'done') DESC, created_at DESC LIMIT 1`,
      [matchId],
    );
    return rows.length === 0 ? null : toRecord(rows[0]);
  }

  /** Every analysis of the match, the newest first. */
  async all(matchId: string): Promise<AnalysisRecord[]> {
    const rows = await this.sql.query<AnalysisRow>(
      `SELECT ${COLUMNS} FROM match_analyses WHERE match_id = $1 ORDER BY created_at DESC`,
      [matchId],
    );
    return rows.map(toRecord);
  }

  async byId(id: string): Promise<AnalysisRecord | null> {
    const rows = await this.sql.query<AnalysisRow>(`SELECT ${COLUMNS} FROM match_analyses WHERE id = $1`, [id]);
    return rows.length === 0 ? null : toRecord(rows[0]);
  }

  /** Marks it running (a run cut off by a crash starts again); null when it is done already. */
  async start(id: string, now: Date): Promise<AnalysisRecord | null> {
    const rows = await this.sql.query<AnalysisRow>(
      `UPDATE match_analyses SET status = 'running', progress = 0, started_at = $2
        WHERE id = $1 AND status IN ('queued', 'running', 'failed') RETURNING ${COLUMNS}`,
      [id, now],
    );
    return rows.length === 0 ? null : toRecord(rows[0]);
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.sql.query(`UPDATE match_analyses SET progress = $2 WHERE id = $1 AND status = 'running'`, [
      id,
      progress,
    ]);
  }

  async finish(id: string, result: MatchAnalysis, now: Date): Promise<void> {
    await this.sql.query(
      `UPDATE match_analyses SET status = 'done', progress = 1, result = $2, finished_at = $3 WHERE id = $1`,
      [id, JSON.stringify(result), now],
    );
  }

  async fail(id: string, error: string, now: Date): Promise<void> {
    await this.sql.query(
      `UPDATE match_analyses SET status = 'failed', error = $2, finished_at = $3 WHERE id = $1 AND status <> 'done'`,
      [id, error.slice(0, 2000), now],
    );
  }
}

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

/** The queue's caps (ANALYSIS_QUEUE_LIMIT, ANALYSIS_QUEUE_PER_ACCOUNT). */
export interface QueueLimits {
  readonly queue: number;
  readonly perAccount: number;
}

/** A request's outcome: the analysis (queued now, or as it stood), or which cap refused it (nothing stored). */
export type AnalysisAdmission =
  | { readonly kind: 'stored'; readonly record: AnalysisRecord }
  | { readonly kind: 'queue-full' }
  | { readonly kind: 'share-used' };

/** The queue's lock (a transaction-level advisory lock): every admission to the queue takes it. */
const QUEUE_LOCK = 'match-analyses-queue';

interface QueueRow {
  /** Analyses queued or running in the service. */
  waiting: number;
  /** Of those, the requester's. */
  mine: number;
  /** The round after the requester's latest waiting analysis's; 0 when none waits. */
  next_own: number;
  /** The round under way: the latest of the analyses running, else the first of those queued; 0 when none waits. */
  under_way: number;
}

/** The waiting analyses, at most ANALYSIS_QUEUE_LIMIT rows (the index on status finds them). */
const QUEUE_NOW = `
  SELECT count(*)::int AS waiting,
         count(*) FILTER (WHERE requested_by = $1)::int AS mine,
         COALESCE(max(queue_round) FILTER (WHERE requested_by = $1) + 1, 0)::int AS next_own,
         COALESCE(max(queue_round) FILTER (WHERE status = 'running'),
                  min(queue_round) FILTER (WHERE status = 'queued'), 0)::int AS under_way
    FROM match_analyses WHERE status IN ('queued', 'running')`;

const INSERT = `
  INSERT INTO match_analyses (id, match_id, engine, plies, status, progress, requested_by, created_at, queue_round)
  VALUES ($1, $2, $3, $4, 'queued', 0, $5, $6, $7)
  RETURNING ${COLUMNS}`;

/** A failed analysis queued again, as its new requester's. */
const QUEUE_AGAIN = `
  UPDATE match_analyses SET status = 'queued', progress = 0, error = NULL, result = NULL, requested_by = $5,
         created_at = $6, queue_round = $7, started_at = NULL, finished_at = NULL
   WHERE id = $1 AND match_id = $2 AND engine = $3 AND plies = $4
  RETURNING ${COLUMNS}`;

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
   *
   * The queue's caps and its order are decided in one step (docs/analysis.md "Running"): the
   * transaction takes the queue's lock first, so requests on every node admit one at a time, each
   * counting what the ones before it committed. An analysis queued anew is refused when
   * `limits.queue` wait in the service, or `limits.perAccount` wait that its requester asked for;
   * else it is queued in its round (`queueJob` is told it): its requester's round after their
   * latest analysis still waiting, and at the earliest the round under way (that of the analyses
   * running, else of the first waiting), as FairQueue serves the bots' questions (docs/bots.md
   * "Fair turns").
   */
  request(
    analysis: NewAnalysis,
    limits: QueueLimits,
    queueJob: (tx: QueryRunner, record: AnalysisRecord, round: number) => Promise<void>,
  ): Promise<AnalysisAdmission> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended($1, 0))`, [QUEUE_LOCK]);
      const [existing] = await tx.query<AnalysisRow>(
        `SELECT ${COLUMNS} FROM match_analyses WHERE match_id = $1 AND engine = $2 AND plies = $3`,
        [analysis.matchId, analysis.engine.name, analysis.engine.plies],
      );
      if (existing !== undefined && existing.status !== 'failed') return { kind: 'stored', record: toRecord(existing) };
      const [queue] = await tx.query<QueueRow>(QUEUE_NOW, [analysis.requestedBy]);
      if (queue.waiting >= limits.queue) return { kind: 'queue-full' };
      if (queue.mine >= limits.perAccount) return { kind: 'share-used' };
      const round = Math.max(queue.under_way, queue.next_own);
      const [row] = await tx.query<AnalysisRow>(existing === undefined ? INSERT : QUEUE_AGAIN, [
        existing?.id ?? analysis.id,
        analysis.matchId,
        analysis.engine.name,
        analysis.engine.plies,
        analysis.requestedBy,
        analysis.now,
        round,
      ]);
      const record = toRecord(row);
      await queueJob(tx, record, round);
      return { kind: 'stored', record };
    });
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

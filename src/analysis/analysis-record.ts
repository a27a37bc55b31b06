/** A stored analysis (table match_analyses, docs/analysis.md), as the repository reads it. */
import type { MatchAnalysis } from '../engine/index.js';

export const ANALYSIS_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Which engine analyses, and how deep. */
export interface AnalysisEngineChoice {
  readonly name: 'gnubg' | 'nardy-net';
  readonly plies: number;
}

export interface AnalysisRecord {
  readonly id: string;
  readonly matchId: string;
  readonly engine: AnalysisEngineChoice;
  readonly status: AnalysisStatus;
  /** 0 to 1 while it runs. */
  readonly progress: number;
  readonly result: MatchAnalysis | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** What the API answers for an analysis (docs/analysis.md "API"). */
import type { AnalysedGame, PlayerFigures } from '../engine/index.js';
import type { AnalysisRecord, AnalysisStatus } from './analysis-record.js';

export interface AnalysisView {
  readonly id: string;
  readonly status: AnalysisStatus;
  readonly progress: number;
  readonly engine: { readonly name: string; readonly plies: number };
  readonly players: { readonly white: PlayerFigures; readonly black: PlayerFigures } | null;
  readonly games: readonly AnalysedGame[];
  readonly error: string | null;
  readonly requestedAt: string;
  readonly finishedAt: string | null;
}

/** An analysis in a list: what it is and how far it got, without its decisions. */
export type AnalysisSummaryView = Omit<AnalysisView, 'players' | 'games'>;

export function analysisSummary(record: AnalysisRecord): AnalysisSummaryView {
  const { players: _players, games: _games, ...summary } = analysisView(record);
  return summary;
}

export function analysisView(record: AnalysisRecord): AnalysisView {
  return {
    id: record.id,
    status: record.status,
    progress: record.progress,
    engine: record.engine,
    players: record.result?.players ?? null,
    games: record.result?.games ?? [],
    error: record.error,
    requestedAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}

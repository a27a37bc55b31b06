/**
 * A match as the lists show it (docs/architecture.md, "Match history"):
 * enough to pick it and to read its outcome, from the match row alone; the
 * full state is one GET away.
 */
import type { MatchListView, MatchSummaryView } from './match-history-view.js';
import { playerOf } from './match-presenter.js';
import type { MatchRecord, Page } from '../model/match-record.js';

export function listView(page: Page<MatchRecord>): MatchListView {
  return { items: page.items.map(summaryView), next: page.next };
}

export function summaryView(record: MatchRecord): MatchSummaryView {
  const { projection } = record;
  const score = { white: projection.scoreWhite, black: projection.scoreBlack };
  return {
    id: record.id,
    variant: record.variant,
    length: record.length,
    source: record.source,
    status: projection.status,
    version: record.version,
    players: { white: playerOf(record, 'white'), black: playerOf(record, 'black') },
    opponent: record.invited?.username ?? null,
    score,
    turn: {
      player: projection.turnColour,
      awaiting: projection.awaiting,
      deadline: projection.clock.deadline?.toISOString() ?? null,
    },
    result:
      projection.status === 'finished' && projection.endReason !== null
        ? { winner: projection.winner, reason: projection.endReason, score }
        : null,
    daysPerTurn: record.daysPerTurn,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    finishedAt: projection.finishedAt?.toISOString() ?? null,
    lastPlay: projection.lastPlay,
  };
}

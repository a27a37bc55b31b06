/** A stored event as the API shows it (docs/architecture.md "Match state JSON": the event log). */
import type { EventView } from './match-history-view.js';
import type { StoredMatchEvent } from '../model/match-record.js';

export function eventView(stored: StoredMatchEvent): EventView {
  const { type, ...fields } = stored.event;
  const by = 'by' in stored.event ? stored.event.by : stored.event.type === 'join' ? stored.event.colour : null;
  return {
    seq: stored.seq,
    ...fields,
    type,
    by,
    at: stored.at.toISOString(),
    ...(stored.positionId !== null ? { positionId: stored.positionId } : {}),
  };
}

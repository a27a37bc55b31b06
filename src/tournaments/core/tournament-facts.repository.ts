/**
 * What the tournaments module tells its consumers of its tournaments (docs/architecture.md, "The
 * outbox", "Facts"): a tournament's state and its events after a version. The only reads of tournaments
 * and tournament_events for another module, run on the client it is given (the consumer's
 * transaction).
 */
import type { SqlClient } from '../../database/sql-client.js';
import type { TournamentEvent, TournamentState } from '../../engine/index.js';

/** One event of a tournament's log as stored: its version and the event. */
export interface LoggedTournamentEvent {
  readonly version: number;
  readonly event: TournamentEvent;
}

/** The tournaments' projections: the state and its version. */
const STATES = `
SELECT id::text AS id, state FROM tournaments WHERE id = ANY($1::uuid[])`;

/** The events of each tournament $1 after its decided version $2, up to its projection's version $3. */
const EVENTS_SINCE = `
SELECT e.tournament_id::text AS tournament_id, e.version, e.data
  FROM unnest($1::uuid[], $2::int[], $3::int[]) AS d(id, decided, upto)
  JOIN tournament_events e ON e.tournament_id = d.id AND e.version > d.decided AND e.version <= d.upto
 ORDER BY e.tournament_id, e.version`;

/**
 * Each tournament's state as stored now, and its events after `after` (by tournament) up to that
 * state's version, in order (read on `sql`, the state first: the events it has folded are all
 * committed). Unknown tournaments are left out.
 */
export async function readTournamentsSince(
  sql: Pick<SqlClient, 'query'>,
  after: ReadonlyMap<string, number>,
): Promise<Map<string, { state: TournamentState; events: LoggedTournamentEvent[] }>> {
  const found = new Map<string, { state: TournamentState; events: LoggedTournamentEvent[] }>();
  if (after.size === 0) return found;
  const states = await sql.query<{ id: string; state: TournamentState }>(STATES, [[...after.keys()]]);
  for (const row of states) found.set(row.id, { state: row.state, events: [] });
  const ids = [...found.keys()];
  const rows = await sql.query<{ tournament_id: string; version: number; data: TournamentEvent }>(EVENTS_SINCE, [
    ids,
    ids.map((id) => after.get(id) ?? 0),
    ids.map((id) => found.get(id)?.state.version ?? 0),
  ]);
  for (const row of rows) found.get(row.tournament_id)?.events.push({ version: row.version, event: row.data });
  return found;
}

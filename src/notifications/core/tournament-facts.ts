import type { TournamentEvent, TournamentState } from '../../engine/index.js';
import type { LoggedTournamentEvent } from '../../tournaments/index.js';
import type { Party } from './match-facts.js';

export type { LoggedTournamentEvent } from '../../tournaments/index.js';

/** An event not yet decided from, with the tournament as it stands (tournamentChanges). */
export interface TournamentChange {
  readonly version: number;
  readonly event: TournamentEvent;
  readonly after: TournamentState;
}

/**
 * What the notifications of a tournament are decided from (docs/notifications.md, "Tournaments"):
 * its events after the last version decided, each with the state it made; the state after the
 * last event read; the accounts they concern; and, when an announcement of its entries is to go
 * out, who it goes to. Read by TournamentFactsRepository in the relay's transaction.
 */
export interface TournamentFacts {
  readonly tournamentId: string;
  readonly changes: readonly TournamentChange[];
  /** The tournament after every event read: an announcement goes out only while this is open. */
  readonly latest: TournamentState;
  /** The accounts named (entrants, the announcement's audience), by id. */
  readonly people: ReadonlyMap<string, Party>;
  /** The players the announcement of its entries goes to, nearest rating first; empty when none. */
  readonly audience: readonly string[];
}

/**
 * The events after the last decided version, each with the tournament as it stands now (`latest`,
 * its stored projection, at or after the last of them): what a notification reads of the state (a
 * slot's players, the next round, the standings, the terms) does not change once the event that made
 * it is written, so the state now serves every event since. No fold of the log: a step's cost does not
 * grow with the log.
 */
export function tournamentChanges(
  latest: TournamentState,
  events: readonly LoggedTournamentEvent[],
): { readonly latest: TournamentState; readonly changes: TournamentChange[] } {
  const changes = [...events]
    .sort((a, b) => a.version - b.version)
    .filter((e) => e.version <= latest.version)
    .map(({ version, event }) => ({ version, event, after: latest }));
  return { latest, changes };
}

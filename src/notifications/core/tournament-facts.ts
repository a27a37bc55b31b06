import {
  applyTournament,
  foldTournament,
  IllegalTournamentEventError,
  type TournamentEvent,
  type TournamentState,
} from '../../engine/index.js';
import type { Party } from './match-facts.js';

/** One event of a tournament's log as stored: its version and the event. */
export interface LoggedTournamentEvent {
  readonly version: number;
  readonly event: TournamentEvent;
}

/** An event not yet decided from, with the tournament as it stood after it. */
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
 * The log folded with the engine: the events up to `decided` at once (foldTournament), then each
 * later one on its own, so that each change carries the state it made. A log the engine refuses
 * throws, as foldTournament does.
 */
export function tournamentChanges(
  log: readonly LoggedTournamentEvent[],
  decided: number,
): { readonly latest: TournamentState; readonly changes: TournamentChange[] } {
  const sorted = [...log].sort((a, b) => a.version - b.version);
  const before = sorted.filter((e) => e.version <= decided);
  const after = sorted.filter((e) => e.version > decided);
  const changes: TournamentChange[] = [];
  let state: TournamentState | null = before.length === 0 ? null : foldTournament(before.map((e) => e.event));
  for (const { version, event } of after) {
    if (state === null) {
      state = foldTournament([event]);
    } else {
      const result = applyTournament(state, event);
      if (!result.ok) throw new IllegalTournamentEventError(version, result);
      state = result.state;
    }
    changes.push({ version, event, after: state });
  }
  if (state === null) throw new Error('a tournament without events');
  return { latest: state, changes };
}

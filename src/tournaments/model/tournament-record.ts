/** A tournament as stored (docs/tournaments.md): its folded state at its version, and its stored events. */
import type { TournamentEvent, TournamentState } from '../../engine/index.js';

export interface TournamentRecord {
  readonly id: string;
  readonly version: number;
  readonly state: TournamentState;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface StoredTournamentEvent {
  readonly version: number;
  readonly event: TournamentEvent;
  readonly actorId: string | null;
  readonly at: Date;
}

/** An event to append, with who caused it (null: the service). */
export interface NewTournamentEvent {
  readonly event: TournamentEvent;
  readonly actorId: string | null;
}

/** A page of a list: the rows, newest first, and whether more follow. */
export interface TournamentPage {
  readonly records: readonly TournamentRecord[];
  readonly more: boolean;
}

/** Where a list page starts: after this row (newest first). */
export interface TournamentCursor {
  readonly createdAt: Date;
  readonly id: string;
}

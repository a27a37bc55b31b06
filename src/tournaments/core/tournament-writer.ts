/**
 * The one way a tournament changes (docs/tournaments.md, "The log"): its
 * events are judged by the engine against the stored state, every follow-up
 * is added, and all are appended at the next versions together; when another
 * write got in first, the change is decided again on the fresh state.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { retryOnConflict } from '../../database/versioned-log/retry-on-conflict.js';
import {
  applyTournament,
  dueForfeits,
  dueMatches,
  nextFollowUp,
  type TournamentEvent,
  type TournamentState,
} from '../../engine/index.js';
import { TournamentBusyError, TournamentNotFoundError, TournamentRefusedError } from '../model/tournament.errors.js';
import type { NewTournamentEvent, TournamentRecord } from '../model/tournament-record.js';
import { TournamentsRepository, type EntryChanges } from './tournaments.repository.js';

/** What a change appends: the caller's events (none: nothing to do), who made it, and the entries it changes. */
export interface TournamentChange {
  readonly events: readonly TournamentEvent[];
  readonly actorId: string | null;
  readonly entries?: EntryChanges;
  /**
   * Events to add after the follow-ups, decided on the state they led to (then their own follow-ups):
   * a result's next match recorded in the result's own write.
   */
  readonly then?: (state: TournamentState) => readonly TournamentEvent[];
}

/** How many times a change is decided again after losing a race. */
const ATTEMPTS = 5;

@Injectable()
export class TournamentWriter {
  constructor(
    private readonly repository: TournamentsRepository,
    private readonly clock: Clock,
  ) {}

  async load(id: string): Promise<TournamentRecord> {
    const record = await this.repository.find(id);
    if (record === null) throw new TournamentNotFoundError();
    return record;
  }

  /**
   * Decides the change on the stored tournament with `decide` and appends it with its follow-ups;
   * the record after it. `decide` may throw a domain error (nothing is written) and is asked again
   * after a lost race. `loaded`, the tournament as the caller has just read it, saves the first read. A change after which matches are due, or forfeits, marks the tournament for a
   * step (tournament-progress.ts), in its transaction.
   */
  async change(
    id: string,
    decide: (record: TournamentRecord) => TournamentChange,
    loaded?: TournamentRecord,
  ): Promise<TournamentRecord> {
    return retryOnConflict(
      ATTEMPTS,
      async (attempt) => {
        // The caller's fresh read serves the first attempt (a lost race reads again).
        const record = attempt === 1 && loaded !== undefined ? loaded : await this.load(id);
        const change = decide(record);
        if (change.events.length === 0) return record;
        const at = this.clock.now();
        const { state, events } = judgeChange(record.state, change);
        const step = dueMatches(state).length > 0 || dueForfeits(state).length > 0;
        const append = { id, expectedVersion: record.version, events, state, at, entries: change.entries, step };
        return (await this.repository.append(append))
          ? { ...record, version: state.version, state, updatedAt: at }
          : null;
      },
      () => Promise.reject(new TournamentBusyError()),
    );
  }
}

/** The change's events judged by the engine (a refusal throws), then every follow-up, then its `then`. */
export function judgeChange(
  from: TournamentState,
  change: TournamentChange,
): { state: TournamentState; events: NewTournamentEvent[] } {
  let state = from;
  const events: NewTournamentEvent[] = [];
  const add = (event: TournamentEvent, actorId: string | null): void => {
    const result = applyTournament(state, event);
    if (!result.ok) throw new TournamentRefusedError(result.reason, result.message);
    state = result.state;
    events.push({ event, actorId });
  };
  const followUps = (): void => {
    for (let next = nextFollowUp(state); next !== null; next = nextFollowUp(state)) add(next, null);
  };
  for (const event of change.events) add(event, change.actorId);
  followUps();
  if (change.then !== undefined) {
    for (const event of change.then(state)) add(event, null);
    followUps();
  }
  return { state, events };
}

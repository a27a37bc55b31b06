/**
 * A match as the use cases work on it: its record and its folded state at the
 * record's version. The folded state of recently used matches is kept in
 * memory and checked against the version read with the record, so an action
 * costs one read and one write however long the match is: only the events
 * appended since (by another server, say) are fetched and folded. A match
 * not in memory is replayed from its whole log once.
 */
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { apply, IllegalEventError, newMatch, type MatchState } from '../engine/index.js';
import { MatchNotFoundError } from './match.errors.js';
import type { MatchProjection, MatchRecord, NewMatchEvent, NewMatchRecord, StoredMatchEvent } from './match-record.js';
import { MatchesRepository } from './matches.repository.js';

/** A match loaded for a use case. */
export interface LoadedMatch {
  readonly record: MatchRecord;
  readonly state: MatchState;
}

/** Folded states kept in memory, at most. */
const STATES_KEPT = 20_000;
/** Events read per query while replaying. */
const REPLAY_PAGE = 1_000;

@Injectable()
export class MatchStore {
  private readonly states = new LRUCache<string, MatchState>({ max: STATES_KEPT });

  constructor(private readonly matches: MatchesRepository) {}

  async load(id: string): Promise<LoadedMatch> {
    const record = await this.record(id);
    return { record, state: await this.stateAt(record) };
  }

  /** The match's record alone, for reads that need no folded state (the log, a past position). */
  async record(id: string): Promise<MatchRecord> {
    const record = await this.matches.findById(id);
    if (record === null) throw new MatchNotFoundError(id);
    return record;
  }

  /** The state after the first `seq` events, folded afresh from the log (never from memory). */
  async replayTo(record: MatchRecord, seq: number): Promise<MatchState> {
    return this.fold(record, this.initialState(record), seq);
  }

  async create(
    record: NewMatchRecord,
    events: readonly NewMatchEvent[],
    state: MatchState,
    projection: MatchProjection,
    at: Date,
  ): Promise<void> {
    await this.matches.create(record, events, projection, at);
    this.states.set(record.id, state);
  }

  /**
   * Appends `events` after `version` with the projection they lead to; false
   * when the match had moved on (nothing written). Remembers `state`, the
   * state after the events, on success.
   */
  async append(
    id: string,
    version: number,
    events: readonly NewMatchEvent[],
    state: MatchState,
    projection: MatchProjection,
    at: Date,
  ): Promise<boolean> {
    const written = await this.matches.append(id, version, events, projection, at);
    if (written) this.states.set(id, state);
    else this.states.delete(id);
    return written;
  }

  eventsAfter(id: string, afterSeq: number, limit: number): Promise<StoredMatchEvent[]> {
    return this.matches.eventsAfter(id, afterSeq, limit);
  }

  private async stateAt(record: MatchRecord): Promise<MatchState> {
    const known = this.states.get(record.id);
    if (known !== undefined && known.eventCount === record.version) return known;
    const from = known !== undefined && known.eventCount < record.version ? known : this.initialState(record);
    const state = await this.fold(record, from, record.version);
    this.states.set(record.id, state);
    return state;
  }

  private initialState(record: MatchRecord): MatchState {
    return newMatch({ variant: record.variant, length: record.length, rules: record.rules });
  }

  /** `from` with the stored events after it applied, up to seq `to`. Throws if the log is not a legal history. */
  private async fold(record: MatchRecord, from: MatchState, to: number): Promise<MatchState> {
    let state = from;
    while (state.eventCount < to) {
      const page = await this.matches.eventsAfter(
        record.id,
        state.eventCount,
        Math.min(REPLAY_PAGE, to - state.eventCount),
      );
      if (page.length === 0) throw new Error(`Match ${record.id} has no event ${state.eventCount + 1}.`);
      for (const stored of page) {
        const result = apply(state, stored.event);
        if (!result.ok) {
          throw new IllegalEventError(result.reason, result.message, stored.seq - 1, stored.event, result.playReason);
        }
        state = result.state;
      }
    }
    return state;
  }
}

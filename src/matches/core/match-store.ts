/**
 * A match as the use cases work on it: its record and its folded state at the
 * record's version. The folded state of recently used matches is kept in
 * memory and checked against the version read with the record, so an action
 * costs one read and one write however long the match is: only the events
 * appended since (by another server, say) are fetched and folded. A match
 * not in memory is replayed from its whole log once.
 *
 * A finished match's events are read from its log row (docs/architecture.md,
 * "Finished match logs"): one read however long the match, where its event
 * rows lie a page each. Those logs never change, so the latest read are kept.
 *
 * The record last read or written here is kept with the state: for a short
 * while (TRUSTED_FOR_MS) an action may be decided on it without reading the
 * row again, its write guarded by the version like any other
 * (docs/architecture.md, "Concurrency").
 */
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { foldEvents, newMatch, type MatchState } from '../../engine/index.js';
import type { IdempotentAnswer } from '../../idempotency/index.js';
import { EventNotFoundError, MatchNotFoundError } from '../model/match.errors.js';
import type { MatchRecord, StoredMatchEvent } from '../model/match-record.js';
import type { MatchDraft } from './match-draft.js';
import { MatchFeed } from './match-feed.js';
import { MatchLogError } from './match-rows.js';
import {
  MatchesRepository,
  type CreatedWithinLimits,
  type MatchAppend,
  type MatchLimits,
} from './matches.repository.js';

/** A match loaded for a use case. */
export interface LoadedMatch {
  readonly record: MatchRecord;
  readonly state: MatchState;
}

/** Folded states kept in memory, at most. */
const STATES_KEPT = 20_000;
/**
 * How long a record read or written here may stand in for a fresh read of the row.
 * Every event bumps the version, and a write on an old version is refused, so what
 * could be older than this is only what is not versioned: the players' settings.
 */
export const TRUSTED_FOR_MS = 1_000;

/** A match's state as this server last folded it; with the record it read or wrote, and when (monotonic ms). */
interface Known {
  readonly state: MatchState;
  readonly record: MatchRecord | null;
  readonly seenAt: number;
}
/** A folded state is kept every this many events (`replayTo` starts from the one before). */
const CHECKPOINT_EVERY = 100;
const CHECKPOINTS_KEPT = 20_000;
/** Events read per query while replaying. */
const REPLAY_PAGE = 1_000;
/** Events of finished matches' logs kept in memory, at most (a 7-point match has some 300-500). */
const LOGGED_EVENTS_KEPT = 50_000;

@Injectable()
export class MatchStore {
  private readonly logger = new Logger('MatchStore');
  private readonly known = new LRUCache<string, Known>({ max: STATES_KEPT });
  /** States every CHECKPOINT_EVERY events of the matches folded lately, so that a past position folds at most that many events. */
  private readonly checkpoints = new LRUCache<string, MatchState>({ max: CHECKPOINTS_KEPT });
  /** Finished matches' logs lately read. */
  private readonly logs = new LRUCache<string, readonly StoredMatchEvent[]>({
    maxSize: LOGGED_EVENTS_KEPT,
    sizeCalculation: (log) => Math.max(1, log.length),
  });

  constructor(
    private readonly matches: MatchesRepository,
    private readonly feed: MatchFeed,
  ) {}

  async load(id: string): Promise<LoadedMatch> {
    const record = await this.record(id);
    const state = await this.stateAt(record);
    this.remember(record, state);
    return { record, state };
  }

  /**
   * The match as this server read or wrote it less than TRUSTED_FOR_MS ago, if
   * it did: good to decide an action on when the write is guarded by its version
   * (another server may have written since), not to answer a read with.
   */
  recent(id: string): LoadedMatch | undefined {
    const known = this.known.get(id);
    if (known?.record == null || performance.now() - known.seenAt >= TRUSTED_FOR_MS) return undefined;
    return { record: known.record, state: known.state };
  }

  /** The match's record alone, for reads that need no folded state (the log, a past position). */
  async record(id: string): Promise<MatchRecord> {
    const record = await this.matches.findById(id);
    if (record === null) throw new MatchNotFoundError(id);
    return record;
  }

  /** The match's record and its state just after event `seq` (1 to its version; else EventNotFoundError). */
  async loadAfter(id: string, seq: number): Promise<LoadedMatch> {
    const record = await this.record(id);
    if (seq < 1 || seq > record.version) throw new EventNotFoundError(id, seq);
    return { record, state: await this.replayTo(record, seq) };
  }

  /**
   * The state after the first `seq` events, folded from the log: from the start, or from a
   * checkpoint an earlier fold of the same log kept (the log is append-only, so it still holds).
   */
  private async replayTo(record: MatchRecord, seq: number): Promise<MatchState> {
    return this.fold(record, this.checkpointBefore(record.id, seq) ?? this.initialState(record), seq);
  }

  /** The latest checkpoint of the match at or before `seq`, if one is kept. */
  private checkpointBefore(id: string, seq: number): MatchState | undefined {
    for (let at = seq - (seq % CHECKPOINT_EVERY); at > 0; at -= CHECKPOINT_EVERY) {
      const state = this.checkpoints.get(`${id}@${at}`);
      if (state !== undefined) return state;
    }
    return undefined;
  }

  /** Stores a new match; with `answer`, the request's Idempotency-Key answer in the same statement. */
  async create(draft: MatchDraft, answer: IdempotentAnswer | null = null): Promise<void> {
    const { terms, events, record } = draft;
    await this.matches.create(terms, events, record.projection, record.createdAt, answer);
    this.created(draft);
  }

  /** `create` without an answer, or false when a match with the draft's id is stored already (an arranged match). */
  async createIfAbsent(draft: MatchDraft): Promise<boolean> {
    const { terms, events, record } = draft;
    const created = await this.matches.createIfAbsent(terms, events, record.projection, record.createdAt);
    if (created) this.created(draft);
    return created;
  }

  /**
   * `create` held to `limits` (MatchesRepository.createWithinLimits): nothing is stored when a cap
   * refuses it; with `answer`, the request's Idempotency-Key answer in the same statement.
   * SeatChangedError, nothing stored, when the creator became a bot since the draft seated it.
   */
  async createWithinLimits(
    draft: MatchDraft,
    limits: MatchLimits,
    answer: IdempotentAnswer | null = null,
  ): Promise<CreatedWithinLimits> {
    const { terms, events, record } = draft;
    const creator = record.white?.id === terms.creatorId ? record.white : record.black;
    const created = await this.matches.createWithinLimits(
      terms,
      events,
      record.projection,
      record.createdAt,
      limits,
      creator?.bot ?? false,
      answer,
    );
    if (created.refusal === null) this.created(draft);
    return created;
  }

  private created({ record, state }: MatchDraft): void {
    this.feed.announce(record.id, record.version);
    this.known.set(record.id, { state, record: null, seenAt: -Infinity });
  }

  /**
   * Appends the events of `write` after its `expectedVersion`, leading to `next` (the record after
   * them, with its projection) and `state`; false when the match had moved on (nothing written).
   * Remembers both on success. Its answer, rated end and join are MatchesRepository.append's
   * (SeatChangedError when the joiner became a bot since it was seated).
   */
  async append(next: MatchRecord, state: MatchState, write: Omit<MatchAppend, 'id' | 'projection'>): Promise<boolean> {
    const written = await this.matches.append({ ...write, id: next.id, projection: next.projection });
    // The end of a rated match writes the ratings' changes in its statement: read again, not remembered.
    const ratedEnd = write.rated != null && !('abortedBy' in write.rated);
    if (written) {
      if (ratedEnd) this.known.delete(next.id);
      else this.remember(next, state);
      this.feed.announce(next.id, next.version);
    } else this.known.delete(next.id);
    return written;
  }

  eventsAfter(id: string, afterSeq: number, limit: number): Promise<StoredMatchEvent[]> {
    return this.matches.eventsAfter(id, afterSeq, limit);
  }

  /**
   * The stored events with seqs after `after` up to `to` (the record's version
   * unless given), in order; fewer only if the log lacks some. A finished
   * match's come from its log row, another's a page at a time.
   */
  async events(record: MatchRecord, after = 0, to = record.version): Promise<readonly StoredMatchEvent[]> {
    if (after >= to) return [];
    if (record.projection.status === 'finished') {
      const log = await this.finishedLog(record.id);
      if (log !== null && log.length >= to) return log.slice(after, to);
    }
    const events: StoredMatchEvent[] = [];
    for (let seq = after; seq < to; seq = events[events.length - 1].seq) {
      const page = await this.matches.eventsAfter(record.id, seq, Math.min(REPLAY_PAGE, to - seq));
      if (page.length === 0) break;
      events.push(...page);
    }
    return events;
  }

  /** The finished match's log; null when it has none, or one that does not read as its events (the rows are read instead). */
  private async finishedLog(id: string): Promise<readonly StoredMatchEvent[] | null> {
    const kept = this.logs.get(id);
    if (kept !== undefined) return kept;
    let log: StoredMatchEvent[] | null;
    try {
      log = await this.matches.finishedLog(id);
    } catch (err: unknown) {
      if (!(err instanceof MatchLogError)) throw err;
      this.logger.warn(`The log of match ${id} is not read: ${err.message}. Its event rows are read instead.`);
      return null;
    }
    if (log !== null) this.logs.set(id, log);
    return log;
  }

  private remember(record: MatchRecord, state: MatchState): void {
    this.known.set(record.id, { state, record, seenAt: performance.now() });
  }

  private async stateAt(record: MatchRecord): Promise<MatchState> {
    const known = this.known.get(record.id)?.state;
    if (known !== undefined && known.eventCount === record.version) return known;
    const from = known !== undefined && known.eventCount < record.version ? known : this.initialState(record);
    return this.fold(record, from, record.version);
  }

  private initialState(record: MatchRecord): MatchState {
    return newMatch({ variant: record.variant, length: record.length, rules: record.rules });
  }

  /** `from` with the stored events after it applied, up to seq `to`. Throws if the log is not a legal history. */
  private async fold(record: MatchRecord, from: MatchState, to: number): Promise<MatchState> {
    const stored = await this.events(record, from.eventCount, to);
    // The events that follow on from `from` without a gap.
    const gap = stored.findIndex((row, i) => row.seq !== from.eventCount + i + 1);
    const events = (gap < 0 ? stored : stored.slice(0, gap)).map((row) => row.event);
    const state = foldEvents(from, events, ({ after }) => {
      if (after.eventCount % CHECKPOINT_EVERY === 0) this.checkpoints.set(`${record.id}@${after.eventCount}`, after);
    });
    if (state.eventCount < to) throw new Error(`Match ${record.id} has no event ${state.eventCount + 1}.`);
    return state;
  }
}

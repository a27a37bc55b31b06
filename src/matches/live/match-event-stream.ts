/**
 * A live stream of matches' events (MatchStreamService: a match's stream, or a
 * player's of all their matches; docs/architecture.md, "Live streams"): how far
 * each match has been sent, and one reader per match at a time, so that each
 * match's events go out once each and in seq order however the notifications come.
 */
import type { Logger } from '@nestjs/common';
import type { EventSink, ServerSentEvent } from '../../common/server-sent-events.js';
import { eventView } from '../view/match-event-view.js';
import type { StoredMatchEvent } from '../model/match-record.js';
import type { MatchStore } from '../core/match-store.js';

/** Events read per query. */
const PAGE = 200;

/** How a stream writes one event of a match. */
export type EventFrame = (matchId: string, stored: StoredMatchEvent) => ServerSentEvent;

/** A match's stream: `id:` the seq, `data:` the event as the event log shows it. */
export const matchFrame: EventFrame = (_matchId, stored) => ({
  id: String(stored.seq),
  event: stored.event.type,
  data: JSON.stringify(eventView(stored)),
});

/** A player's stream of several matches: `id: <match id>:<seq>`, `data:` the event with its `matchId`. */
export const playerFrame: EventFrame = (matchId, stored) => ({
  id: `${matchId}:${stored.seq}`,
  event: stored.event.type,
  data: JSON.stringify({ matchId, ...eventView(stored) }),
});

export class MatchEventStream {
  /** Per match, the last seq sent, or known to the client already. */
  private readonly sent = new Map<string, number>();
  private readonly reading = new Set<string>();
  private readonly again = new Set<string>();
  /** Matches heard of before `start` (while what stood was being read). */
  private readonly early = new Set<string>();
  private started = false;

  constructor(
    private readonly sink: EventSink,
    private readonly store: MatchStore,
    private readonly logger: Logger,
    /** What the stream is of, for the log: `match <id>`, `<user id>'s matches`. */
    private readonly of: string,
    private readonly frame: EventFrame,
    /** Whether an event is the stream's last: once it is sent, the stream ends. */
    private readonly endsWith: (stored: StoredMatchEvent) => boolean = () => false,
  ) {}

  /** Whether the match at `version` may have events this stream has not sent. */
  wants(matchId: string, version: number): boolean {
    return !this.sink.closed && this.last(matchId) < version;
  }

  /** The client has the match's events up to `seq`: none of them is sent (again). */
  knows(matchId: string, seq: number): void {
    if (this.last(matchId) < seq) this.mark(matchId, seq);
  }

  /** The matches this stream has sent or been told of, newest first, at most `max`. */
  matches(max: number): string[] {
    return [...this.sent.keys()].reverse().slice(0, max);
  }

  /** Sends the event unless the match's events up to it were sent or known. */
  send(matchId: string, stored: StoredMatchEvent): void {
    if (stored.seq <= this.last(matchId) || this.sink.closed) return;
    this.sink.send(this.frame(matchId, stored));
    this.mark(matchId, stored.seq);
    if (this.endsWith(stored)) this.sink.end();
  }

  /** The match has new events: they are read and sent, once `start` has been called. */
  heard(matchId: string): void {
    if (this.started) void this.pump(matchId);
    else this.early.add(matchId);
  }

  /** From now on each match heard of is read at once; resolves when the matches heard of before are sent. */
  async start(): Promise<void> {
    this.started = true;
    const early = [...this.early];
    this.early.clear();
    await Promise.all(early.map((matchId) => this.pump(matchId)));
  }

  /** Records the match's last seq, the match moved to the newest end of the map's order. */
  private mark(matchId: string, seq: number): void {
    this.sent.delete(matchId);
    this.sent.set(matchId, seq);
  }

  private last(matchId: string): number {
    return this.sent.get(matchId) ?? 0;
  }

  private async pump(matchId: string): Promise<void> {
    if (this.reading.has(matchId)) {
      this.again.add(matchId);
      return;
    }
    this.reading.add(matchId);
    try {
      do {
        this.again.delete(matchId);
        for (let page = PAGE; page === PAGE && !this.sink.closed;) {
          const events = await this.store.eventsAfter(matchId, this.last(matchId), PAGE);
          for (const stored of events) this.send(matchId, stored);
          page = events.length;
        }
      } while (this.again.has(matchId) && !this.sink.closed);
    } catch (err: unknown) {
      const reason = err instanceof Error ? err.message : String(err);
      this.logger.warn(`Stream of ${this.of} ended on match ${matchId}: ${reason}`);
      this.sink.end();
    } finally {
      this.reading.delete(matchId);
    }
  }
}

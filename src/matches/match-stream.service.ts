/**
 * Live streams (docs/architecture.md "Live streams"): a match's events as they
 * are committed, resumable from any seq; and a player's matches as they
 * change. Every node delivers every event: it hears of writes through the
 * MatchFeed (PostgreSQL NOTIFY) and reads the rows itself.
 */
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { EventSink } from '../common/server-sent-events.js';
import { eventView } from './match-event-view.js';
import { MatchFeed } from './match-feed.js';
import { InvalidLastEventIdError } from './match.errors.js';
import type { MatchRecord } from './match-record.js';
import { MatchStore } from './match-store.js';
import { summaryView } from './match-summary.js';
import { MatchesRepository } from './matches.repository.js';

/** Events read per query while catching up. */
const PAGE = 200;
/** A comment this often keeps proxies and load balancers from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/** A player's matches sent when their stream opens, newest first. */
const SNAPSHOT = 100;

@Injectable()
export class MatchStreamService {
  private readonly logger = new Logger('MatchStreams');
  /** The record read for a notification, shared by every player stream that hears it. */
  private readonly records = new LRUCache<string, Promise<MatchRecord | null>>({ max: 2_000 });

  constructor(
    private readonly store: MatchStore,
    private readonly feed: MatchFeed,
    private readonly matches: MatchesRepository,
  ) {}

  /**
   * The match's events after seq `after`, or the Last-Event-ID a reconnecting
   * client sends (neither: after the current version, only what comes next), each as `id: seq`, `event: type`, `data:` the
   * event as the event log shows it; then every event as it is committed.
   * An unknown match is refused before the stream opens.
   */
  async match(id: string, after: number | null, lastEventId: string | null, open: () => EventSink): Promise<void> {
    const resume = lastEventId === null ? after : seqOf(lastEventId);
    const record = await this.store.record(id);
    const sink = open();
    let last = resume ?? record.version;
    let running = false;
    let again = false;
    const pump = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (let page = PAGE; page === PAGE && !sink.closed;) {
            const events = await this.store.eventsAfter(id, last, PAGE);
            for (const stored of events) {
              sink.send({ id: String(stored.seq), event: stored.event.type, data: JSON.stringify(eventView(stored)) });
              last = stored.seq;
            }
            page = events.length;
          }
        } while (again && !sink.closed);
      } catch (err: unknown) {
        this.logger.warn(`Stream of match ${id} ended: ${err instanceof Error ? err.message : String(err)}`);
        sink.end();
      } finally {
        running = false;
      }
    };
    // Watch first, then catch up: a write between the two is read by the catch-up or announced after it.
    const stop = await this.feed.watch(id, (version) => {
      if (version > last) void pump();
    });
    this.untilClosed(sink, stop, () => void pump());
    await pump();
  }

  /**
   * The player's matches as they change: first the newest SNAPSHOT as they
   * stand, then each match the player is in (seated or invited) after every
   * write, as `event: match`, `id: <match id>:<version>`, `data:` its summary
   * (the match list's item). A client that reconnects gets the snapshot again
   * and compares versions: nothing is missed.
   */
  async mine(userId: string, open: () => EventSink): Promise<void> {
    const sink = open();
    const sent = new Map<string, number>();
    const send = (record: MatchRecord): void => {
      if ((sent.get(record.id) ?? -1) >= record.version) return;
      sent.set(record.id, record.version);
      sink.send({ id: `${record.id}:${record.version}`, event: 'match', data: JSON.stringify(summaryView(record)) });
    };
    const stop = await this.feed.watchAll((matchId, version) => {
      void this.recordAt(matchId, version).then((record) => {
        if (record !== null && !sink.closed && involves(record, userId)) send(record);
      });
    });
    this.untilClosed(sink, stop);
    try {
      const page = await this.matches.listForUser(userId, { limit: SNAPSHOT });
      for (const record of page.items) send(record);
    } catch (err: unknown) {
      this.logger.warn(`Stream of ${userId}'s matches ended: ${err instanceof Error ? err.message : String(err)}`);
      sink.end();
    }
  }

  /** Keeps the stream alive until the client goes; `look` (a read for anything missed) runs at each keep-alive. */
  private untilClosed(sink: EventSink, stop: () => void, look: () => void = () => undefined): void {
    const keepAlive = setInterval(() => {
      sink.comment('keep-alive');
      look();
    }, KEEP_ALIVE_MS);
    sink.onClose(() => {
      clearInterval(keepAlive);
      stop();
    });
  }

  private recordAt(matchId: string, version: number): Promise<MatchRecord | null> {
    const key = `${matchId}:${version}`;
    let found = this.records.get(key);
    if (found === undefined) {
      found = this.matches.findById(matchId).catch(() => null);
      this.records.set(key, found);
    }
    return found;
  }
}

/** A Last-Event-ID of a match stream: the seq last received. */
function seqOf(lastEventId: string): number {
  if (!/^\d{1,9}$/.test(lastEventId.trim())) throw new InvalidLastEventIdError();
  return Number(lastEventId.trim());
}

function involves(record: MatchRecord, userId: string): boolean {
  return record.white?.id === userId || record.black?.id === userId || record.invited?.id === userId;
}

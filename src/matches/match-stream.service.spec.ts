import { jest } from '@jest/globals';
import type { EventSink, ServerSentEvent } from '../common/server-sent-events.js';
import type { MatchFeed, VersionListener } from './match-feed.js';
import type { MatchRecord, StoredMatchEvent } from './match-record.js';
import type { MatchStore } from './match-store.js';
import { KEEP_ALIVE_MS, MatchStreamService } from './match-stream.service.js';
import type { MatchesRepository } from './matches.repository.js';

/** A sink that records what is written, closed by the test. */
class RecordingSink implements EventSink {
  readonly sent: ServerSentEvent[] = [];
  readonly comments: string[] = [];
  closed = false;
  private readonly listeners: Array<() => void> = [];
  send(message: ServerSentEvent): void {
    this.sent.push(message);
  }
  comment(text: string): void {
    this.comments.push(text);
  }
  onClose(listener: () => void): void {
    this.listeners.push(listener);
  }
  end(): void {
    this.close();
  }
  close(): void {
    this.closed = true;
    for (const listener of this.listeners) listener();
  }
}

/** A match log the test appends to, and a feed the test announces on. */
function fakes(): {
  service: MatchStreamService;
  log: StoredMatchEvent[];
  announce: (version: number) => void;
  watching: () => number;
} {
  const log: StoredMatchEvent[] = [];
  const listeners = new Set<VersionListener>();
  const store = {
    record: (id: string) => Promise.resolve({ id, version: log.length } as unknown as MatchRecord),
    eventsAfter: (_id: string, after: number, limit: number) => Promise.resolve(log.slice(after, after + limit)),
  } as unknown as MatchStore;
  const feed = {
    watch: (_id: string, listener: VersionListener) => {
      listeners.add(listener);
      return Promise.resolve(() => listeners.delete(listener));
    },
  } as unknown as MatchFeed;
  const service = new MatchStreamService(store, feed, {} as MatchesRepository);
  return {
    service,
    log,
    announce: (version) => listeners.forEach((l) => l(version)),
    watching: () => listeners.size,
  };
}

const event = (seq: number): StoredMatchEvent => ({
  seq,
  event: { type: 'roll', by: 'white', dice: [3, 1] },
  actorId: null,
  positionId: null,
  at: new Date(0),
});

afterEach(() => jest.useRealTimers());

describe('MatchStreamService.match', () => {
  it('sends a keep-alive comment every 25 s while the stream is quiet, and stops watching when it closes', async () => {
    jest.useFakeTimers();
    const { service, watching } = fakes();
    const sink = new RecordingSink();
    await service.match('m', null, null, () => sink);
    expect(watching()).toBe(1);
    jest.advanceTimersByTime(KEEP_ALIVE_MS * 2 + 1);
    expect(sink.comments).toEqual(['keep-alive', 'keep-alive']);
    sink.close();
    jest.advanceTimersByTime(KEEP_ALIVE_MS * 2);
    expect(sink.comments).toHaveLength(2);
    expect(watching()).toBe(0);
  });

  it('sends what was written after the seq it resumes from, then each event announced, once each', async () => {
    const { service, log, announce } = fakes();
    log.push(event(1), event(2), event(3));
    const sink = new RecordingSink();
    await service.match('m', null, '1', () => sink);
    expect(sink.sent.map((m) => m.id)).toEqual(['2', '3']);
    log.push(event(4), event(5));
    announce(5);
    announce(5); // a repeated notification sends nothing twice
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.sent.map((m) => m.id)).toEqual(['2', '3', '4', '5']);
    expect(sink.sent[0]).toMatchObject({ event: 'roll' });
    sink.close();
  });
});

import type { Logger } from '@nestjs/common';
import type { EventSink, ServerSentEvent } from '../../common/server-sent-events.js';
import type { StoredMatchEvent } from '../model/match-record.js';
import type { MatchStore } from '../core/match-store.js';
import { MatchEventStream, playerFrame } from './match-event-stream.js';

/**
 * A stream's bookkeeping (docs/architecture.md, "Live streams"), written as a
 * player's stream of several matches writes it: each
 * match's events go out once each and in seq order, whatever the order and
 * number of notifications, and none before what the client already has.
 */
const event = (seq: number): StoredMatchEvent => ({
  seq,
  event: { type: 'roll', by: 'white', dice: [3, 1] },
  actorId: null,
  positionId: null,
  at: new Date(Date.UTC(2026, 10, 23, 12, 0, seq)),
});

/** A stream over logs the test appends to. */
function setUp() {
  const logs = new Map<string, StoredMatchEvent[]>();
  const sent: ServerSentEvent[] = [];
  const reads: Array<() => void> = [];
  const sink = { closed: false, send: (m: ServerSentEvent) => sent.push(m), end: () => (sink.closed = true) };
  const store = {
    // A read sees the log as it stands when asked (as a query would), and answers when the test lets it.
    eventsAfter: (id: string, after: number, limit: number) => {
      const rows = (logs.get(id) ?? []).slice(after, after + limit);
      return new Promise<StoredMatchEvent[]>((resolve) => reads.push(() => resolve(rows)));
    },
  } as unknown as MatchStore;
  const stream = new MatchEventStream(
    sink as unknown as EventSink,
    store,
    { warn: () => undefined } as unknown as Logger,
    "u's matches",
    playerFrame,
  );
  const append = (id: string, n: number): void => {
    const log = logs.get(id) ?? [];
    for (let i = 0; i < n; i++) log.push(event(log.length + 1));
    logs.set(id, log);
  };
  /** Lets every read asked for so far answer, and the sends after them happen. */
  const settle = async (): Promise<void> => {
    for (let round = 0; round < 10; round++) {
      for (const read of reads.splice(0)) read();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { stream, sink, sent, append, settle, ids: () => sent.map((m) => m.id ?? '') };
}

describe('MatchEventStream', () => {
  it('sends a match heard of from its first event, id <match id>:<seq>, the event log view with its matchId', async () => {
    const { stream, sent, append, settle, ids } = setUp();
    void stream.start();
    append('m1', 3);
    stream.heard('m1');
    await settle();
    expect(ids()).toEqual(['m1:1', 'm1:2', 'm1:3']);
    expect(sent[0].event).toBe('roll');
    expect(JSON.parse(sent[0].data)).toMatchObject({ matchId: 'm1', seq: 1, type: 'roll', dice: [3, 1], by: 'white' });
  });

  it('sends nothing the client has (knows), and skips an event sent already when it comes again', async () => {
    const { stream, append, settle, ids } = setUp();
    append('m1', 5);
    stream.knows('m1', 3);
    stream.send('m1', event(2));
    stream.send('m1', event(4));
    stream.send('m1', event(4));
    expect(stream.wants('m1', 4)).toBe(false);
    expect(stream.wants('m1', 5)).toBe(true);
    void stream.start();
    stream.heard('m1');
    await settle();
    expect(ids()).toEqual(['m1:4', 'm1:5']);
  });

  it('holds what it hears before start, then reads each match once', async () => {
    const { stream, append, settle, ids } = setUp();
    append('m1', 2);
    stream.heard('m1');
    stream.heard('m1');
    await settle();
    expect(ids()).toEqual([]);
    void stream.start();
    await settle();
    expect(ids()).toEqual(['m1:1', 'm1:2']);
  });

  it('reads again when a notification comes during a read: no event lost, none twice, each match in order', async () => {
    const { stream, append, settle, ids } = setUp();
    void stream.start();
    append('m1', 1);
    stream.heard('m1');
    append('m2', 2);
    stream.heard('m2');
    // Written and announced while the first reads are still out.
    append('m1', 2);
    stream.heard('m1');
    stream.heard('m1');
    await settle();
    expect(ids().filter((id) => id.startsWith('m1'))).toEqual(['m1:1', 'm1:2', 'm1:3']);
    expect(ids().filter((id) => id.startsWith('m2'))).toEqual(['m2:1', 'm2:2']);
  });

  it('stops sending once the client has gone', async () => {
    const { stream, sink, append, settle, ids } = setUp();
    void stream.start();
    append('m1', 2);
    sink.closed = true;
    stream.heard('m1');
    await settle();
    expect(ids()).toEqual([]);
    expect(stream.wants('m1', 2)).toBe(false);
  });
});

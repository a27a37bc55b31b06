import { jest } from '@jest/globals';
import type { EventSink, EventStreamAnswer, ServerSentEvent } from '../../common/server-sent-events.js';
import type { MatchFeed, MatchVersionListener, VersionListener } from '../core/match-feed.js';
import type { MatchRecord, StoredMatchEvent } from '../model/match-record.js';
import type { MatchStore } from '../core/match-store.js';
import type { MatchStreamService as StreamService } from './match-stream.service.js';
import type { MatchStreamsRepository } from './match-streams.repository.js';
import type { LiveNotices } from './live-notices.js';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type { MatchStatusName } from '../model/match-record.js';
import { StreamSlots } from './stream-slots.js';
import { TooManyStreamsError } from '../model/match.errors.js';
import type { Principal, TokenVersions, TokenWatch as Watch } from '../../security/index.js';

// The service reaches the security module's face, which brings in CommonJS packages that require()
// Nest: under Jest they need the namespaces esm-interop.setup.ts provides (as in src/bots/bot-worker.spec.ts).
await import('../../../test/support/esm-interop.setup.js');
const { KEEP_ALIVE_MS, MatchStreamService } = await import('./match-stream.service.js');
const { TokenWatch } = await import('../../security/index.js');

/** Token versions as TokenWatch hears of raises: `raise` is a raise made or heard by this node. */
const versions = (() => {
  const listeners: Array<(userId: string, version: number) => void> = [];
  return {
    onRaise: (listener: (userId: string, version: number) => void) => void listeners.push(listener),
    readAgain: (userIds: string[]) => Promise.resolve(new Map(userIds.map((userId) => [userId, 0]))),
    raise: (userId: string, version: number) => listeners.forEach((listener) => listener(userId, version)),
  };
})();

const tokenWatch = (): Watch => new TokenWatch(versions as unknown as TokenVersions);
/** Live notices that never come (test/match-messages.e2e-spec.ts sends real ones). */
const noNotices = {
  watchMatch: () => Promise.resolve(() => undefined),
  watchPlayer: () => Promise.resolve(() => undefined),
} as unknown as LiveNotices;

/** A caller whose token (version 0) expires `ms` from now. */
const principalOf = (userId: string, ms = 3_600_000): Principal => ({
  userId,
  username: userId,
  token: { version: 0, expiresAt: Date.now() + ms },
});

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
function fakes(status: MatchStatusName = 'playing'): {
  service: StreamService;
  log: StoredMatchEvent[];
  announce: (version: number) => void;
  watching: () => number;
} {
  const log: StoredMatchEvent[] = [];
  const listeners = new Set<VersionListener>();
  const store = {
    record: (id: string) =>
      Promise.resolve({ id, version: log.length, projection: { status } } as unknown as MatchRecord),
    eventsAfter: (_id: string, after: number, limit: number) => Promise.resolve(log.slice(after, after + limit)),
  } as unknown as MatchStore;
  const feed = {
    watch: (_id: string, listener: VersionListener) => {
      listeners.add(listener);
      return Promise.resolve(() => listeners.delete(listener));
    },
  } as unknown as MatchFeed;
  const limits = { STREAMS_PER_USER: 1, STREAMS_PER_ADDRESS: 1 } as Record<string, number>;
  const config = { get: (name: string) => limits[name] } as unknown as ConfigService<Environment, true>;
  const service = new MatchStreamService(
    store,
    feed,
    {} as MatchStreamsRepository,
    new StreamSlots(config),
    tokenWatch(),
    noNotices,
  );
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

const ANONYMOUS = { address: '192.0.2.1' };

/** Answers a stream request with `sink`. */
function answered(sink: RecordingSink): EventStreamAnswer {
  return {
    open: () => sink,
    noContent: () => {
      throw new Error('answered 204 where a stream was due');
    },
  };
}

afterEach(() => jest.useRealTimers());

const matchEnd = (seq: number): StoredMatchEvent => ({
  ...event(seq),
  event: { type: 'match-end', winner: 'white', reason: 'points', score: { white: 1, black: 0 } },
});

const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('MatchStreamService.match', () => {
  it('ends a stream opened with a token when the token expires, freeing its slot', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { service, log, watching } = fakes();
    log.push(event(1));
    const sink = new RecordingSink();
    await service.match('m', 0, null, { principal: principalOf('u', 60_000) }, answered(sink));
    jest.advanceTimersByTime(59_999);
    expect(sink.closed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(sink.closed).toBe(true);
    expect(watching()).toBe(0);
    const again = new RecordingSink();
    await service.match('m', 0, null, { principal: principalOf('u', 60_000) }, answered(again));
    expect(again.closed).toBe(false);
    again.close();
  });

  it('ends the streams of a token revoked (its account’s version raised), not those of other accounts nor anonymous ones', async () => {
    const { service, log } = fakes();
    log.push(event(1));
    const revoked = new RecordingSink();
    const otherAccount = new RecordingSink();
    const anonymous = new RecordingSink();
    await service.match('m', 0, null, { principal: principalOf('u') }, answered(revoked));
    await service.match('m', 0, null, { principal: principalOf('v') }, answered(otherAccount));
    await service.match('m', 0, null, ANONYMOUS, answered(anonymous));
    versions.raise('u', 1);
    expect(revoked.closed).toBe(true);
    expect([otherAccount.closed, anonymous.closed]).toEqual([false, false]);
    otherAccount.close();
    anonymous.close();
  });

  it('ends the stream once it has sent the match’s last event (docs/architecture.md, "Live streams")', async () => {
    const { service, log, announce, watching } = fakes();
    log.push(event(1));
    const sink = new RecordingSink();
    await service.match('m', 0, null, ANONYMOUS, answered(sink));
    expect(sink.closed).toBe(false);
    log.push(event(2), matchEnd(3));
    announce(3);
    await settle();
    expect(sink.sent.map((m) => [m.id, m.event])).toEqual([
      ['1', 'roll'],
      ['2', 'roll'],
      ['3', 'match-end'],
    ]);
    expect(sink.closed).toBe(true);
    expect(watching()).toBe(0);
  });

  it('sends a match that is over what the client lacks, then ends, without watching it', async () => {
    const { service, log, watching } = fakes('finished');
    log.push(event(1), event(2), matchEnd(3));
    const caughtUp = new RecordingSink();
    await service.match('m', 1, null, ANONYMOUS, answered(caughtUp));
    expect(caughtUp.sent.map((m) => m.id)).toEqual(['2', '3']);
    expect(caughtUp.closed).toBe(true);
    expect(watching()).toBe(0);
  });

  it('answers 204 No Content, opening nothing, to a client that has every event of a match that is over', async () => {
    const { service, log } = fakes('declined');
    log.push(event(1), event(2));
    let opened = false;
    let said204 = false;
    await service.match('m', null, '2', ANONYMOUS, {
      open: () => {
        opened = true;
        return new RecordingSink();
      },
      noContent: () => {
        said204 = true;
      },
    });
    expect({ opened, said204 }).toEqual({ opened: false, said204: true });
  });

  it('refuses a holder’s stream beyond its limit before opening it, and takes one once a stream of theirs closes', async () => {
    const { service } = fakes();
    const first = new RecordingSink();
    await service.match('m', null, null, ANONYMOUS, answered(first));
    let opened = false;
    const second = service.match('m', null, null, ANONYMOUS, {
      open: () => {
        opened = true;
        return new RecordingSink();
      },
      noContent: () => undefined,
    });
    await expect(second).rejects.toBeInstanceOf(TooManyStreamsError);
    expect(opened).toBe(false);
    // Another address, and an account, have their own counts.
    const elsewhere = new RecordingSink();
    await service.match('m', null, null, { address: '192.0.2.2' }, answered(elsewhere));
    const account = new RecordingSink();
    await service.match('m', null, null, { principal: principalOf('u') }, answered(account));
    first.close();
    const third = new RecordingSink();
    await service.match('m', null, null, ANONYMOUS, answered(third));
    expect([first, elsewhere, account, third].map((s) => s.closed)).toEqual([true, false, false, false]);
    for (const sink of [elsewhere, account, third]) sink.close();
  });

  it('sends a keep-alive comment every 25 s while the stream is quiet, and stops watching when it closes', async () => {
    jest.useFakeTimers();
    const { service, watching } = fakes();
    const sink = new RecordingSink();
    await service.match('m', null, null, ANONYMOUS, answered(sink));
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
    await service.match('m', null, '1', ANONYMOUS, answered(sink));
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

describe('MatchStreamService.mine', () => {
  /**
   * A player stream whose client creates a match as soon as it sees the stream open, the match
   * committed before the stream has read the player's matches: the client must get its first event.
   */
  it('sends from its first event a match created once the client sees the stream open (docs/architecture.md, "Live streams")', async () => {
    const log: StoredMatchEvent[] = [];
    const writes = new Set<MatchVersionListener>();
    let opened = false;
    const store = {
      eventsAfter: (_id: string, after: number, limit: number) => Promise.resolve(log.slice(after, after + limit)),
    } as unknown as MatchStore;
    const feed = {
      watchAll: (listener: MatchVersionListener) => {
        writes.add(listener);
        return Promise.resolve(() => writes.delete(listener));
      },
    } as unknown as MatchFeed;
    const matches = {
      // The match stands in the database only once the client has seen the stream open and created it.
      activeVersions: () => Promise.resolve(new Map(opened ? [['m', 1]] : [])),
      firstSeqsSince: () => Promise.resolve(new Map()),
      findById: () =>
        Promise.resolve({ id: 'm', white: { id: 'u' }, black: null, invited: null } as unknown as MatchRecord),
    } as unknown as MatchStreamsRepository;
    const limits = { STREAMS_PER_USER: 1, STREAMS_PER_ADDRESS: 1 } as Record<string, number>;
    const config = { get: (name: string) => limits[name] } as unknown as ConfigService<Environment, true>;
    const service = new MatchStreamService(store, feed, matches, new StreamSlots(config), tokenWatch(), noNotices);
    const sink = new RecordingSink();
    const answer: EventStreamAnswer = {
      open: () => {
        opened = true;
        log.push(event(1));
        // The creation's notification comes a moment later.
        setImmediate(() => writes.forEach((write) => write('m', 1)));
        return sink;
      },
      noContent: () => {
        throw new Error('answered 204 where a stream was due');
      },
    };
    await service.mine(principalOf('u'), null, answer);
    await settle();
    expect(sink.sent.map((message) => message.id)).toEqual(['m:1']);
    sink.close();
  });
});

import type { AddressInfo } from 'node:net';
import { SseClient } from '../bench/sse-client.js';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Live streams are held to limits (docs/architecture.md, "Live streams"): a node
 * holds at most STREAMS_PER_ADDRESS anonymous streams of one client address and
 * STREAMS_PER_USER streams of one account, refusing more with 429
 * too-many-streams before the stream starts, and counting a stream until it
 * closes. A match that is over ends its stream after its last event. Each test
 * speaks from an address of its own (through a trusted proxy on loopback).
 */
const PER_ADDRESS = 3;
const PER_USER = 2;
/** Deadline for a stream's news, far beyond what a loaded machine needs. */
const WAIT_MS = 15_000;

let t: TestApp;
let client: MatchClient;
let port: number;
let alice: Player;
let bob: Player;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    STREAMS_PER_ADDRESS: String(PER_ADDRESS),
    STREAMS_PER_USER: String(PER_USER),
    TRUST_PROXY: 'loopback',
    AUTH_THROTTLE_LIMIT: '1000',
    // The scenarios invite the same player again and again.
    INVITATIONS_PER_TARGET: '100',
    INVITATIONS_PER_USER: '100',
  });
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  port = (t.http.address() as AddressInfo).port;
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
}, 60_000);
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(() => t.close());

async function stream(path: string, from: string, token?: string, headers: Record<string, string> = {}) {
  const opened = await SseClient.open(port, path, {
    'x-forwarded-for': from,
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...headers,
  });
  open.push(opened);
  return opened;
}

/** A refusal read off a stream request: 429 too-many-streams, a problem with Retry-After. */
function expectTooManyStreams(refused: SseClient): void {
  expect(refused.status).toBe(429);
  expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(JSON.parse(refused.text)).toMatchObject({ status: 429, code: 'too-many-streams' });
}

/** Opens streams until one is let in (the server frees a slot when it hears the close), at most `tries`. */
async function openOnceFreed(open: () => Promise<SseClient>, tries = 100): Promise<SseClient> {
  for (let i = 0; i < tries; i++) {
    const next = await open();
    if (next.status === 200) return next;
    expectTooManyStreams(next);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no slot was freed');
}

async function invitation(): Promise<MatchStateJson> {
  return client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 1, colour: 'white' });
}

describe('streams per client address (anonymous)', () => {
  it(`lets an address hold ${PER_ADDRESS} anonymous streams, refuses the next with 429 too-many-streams, and counts one less once one closes`, async () => {
    const match = await invitation();
    const path = `/api/matches/${match.id}/stream`;
    const held: SseClient[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await stream(path, '198.51.100.1'));
    expect(held.map((s) => s.status)).toEqual(Array<number>(PER_ADDRESS).fill(200));
    expectTooManyStreams(await stream(path, '198.51.100.1'));
    // Another address has its own count.
    expect((await stream(path, '198.51.100.2')).status).toBe(200);
    held[0].close();
    const again = await openOnceFreed(() => stream(path, '198.51.100.1'));
    expect(again.status).toBe(200);
    expectTooManyStreams(await stream(path, '198.51.100.1'));
  });

  it('counts the IPv6 addresses of one /64 as one address, and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const match = await invitation();
    const path = `/api/matches/${match.id}/stream`;
    for (let i = 1; i <= PER_ADDRESS; i++) expect((await stream(path, `2001:db8:5:6::${i}`)).status).toBe(200);
    expectTooManyStreams(await stream(path, '2001:db8:5:6:ffff:ffff:ffff:ffff'));
    expectTooManyStreams(await stream(path, '2001:DB8:5:6:0:0:0:abcd'));
    // The next /64 has its own count.
    expect((await stream(path, '2001:db8:5:7::1')).status).toBe(200);

    for (let i = 0; i < PER_ADDRESS; i++) expect((await stream(path, '198.51.100.20')).status).toBe(200);
    expectTooManyStreams(await stream(path, '::ffff:198.51.100.20'));
  });

  it('counts a stream the server ended (its match over) as closed', async () => {
    const match = await invitation();
    const path = `/api/matches/${match.id}/stream`;
    const held: SseClient[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await stream(path, '198.51.100.3'));
    await client.ok(bob, match.id, 'decline');
    for (const s of held) await s.waitFor((c) => c.ended, WAIT_MS);
    // Each of the address's slots is free again: as many streams as before open (each sends the log and ends).
    for (let i = 0; i < PER_ADDRESS; i++) expect((await stream(`${path}?after=0`, '198.51.100.3')).status).toBe(200);
  });
});

describe('streams per account', () => {
  it(`lets an account hold ${PER_USER} streams, its match streams included, whatever its address, and frees one when it closes`, async () => {
    const match = await invitation();
    const mine = await stream('/api/users/me/stream', '198.51.100.10', bob.token);
    const theMatch = await stream(`/api/matches/${match.id}/stream`, '198.51.100.11', bob.token);
    expect([mine.status, theMatch.status]).toEqual([200, 200]);
    expectTooManyStreams(await stream('/api/users/me/stream', '198.51.100.12', bob.token));
    expectTooManyStreams(await stream(`/api/matches/${match.id}/stream`, '198.51.100.10', bob.token));
    // The account's streams do not count against its address, nor against another account.
    expect((await stream(`/api/matches/${match.id}/stream`, '198.51.100.10')).status).toBe(200);
    expect((await stream('/api/users/me/stream', '198.51.100.10', alice.token)).status).toBe(200);
    mine.close();
    expect((await openOnceFreed(() => stream('/api/users/me/stream', '198.51.100.13', bob.token))).status).toBe(200);
  });
});

describe('a match stream with a token', () => {
  it('refuses a token that is not valid with 401, as the match itself does, before any stream', async () => {
    const match = await invitation();
    const refused = await stream(`/api/matches/${match.id}/stream`, '198.51.100.30', 'not-a-token');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'unauthorized' });
  });
});

describe('the stream of a match that is over', () => {
  it('sends the match’s last event (match-end) and ends the response', async () => {
    const match = await invitation();
    const live = await stream(`/api/matches/${match.id}/stream`, '198.51.100.20');
    const joined = await client.ok(bob, match.id, 'join');
    const [resigner, other] = joined.turn.player === 'white' ? [alice, bob] : [bob, alice];
    await client.ok(resigner, match.id, 'resign', { value: 1 });
    const over = await client.ok(other, match.id, 'resignation/accept');
    expect(over.status).toBe('finished');
    await live.waitFor((c) => c.ended, WAIT_MS);
    expect(live.events.map((e) => Number(e.id))).toEqual(
      Array.from({ length: over.version - match.version }, (_, i) => match.version + 1 + i),
    );
    expect(live.events.at(-1)?.event).toBe('match-end');
    // An EventSource reconnects with the last id: it is told there is nothing more, and stops.
    const reconnected = await stream(`/api/matches/${match.id}/stream`, '198.51.100.20', undefined, {
      'Last-Event-ID': String(over.version),
    });
    await reconnected.waitFor((c) => c.ended, WAIT_MS);
    expect(reconnected.status).toBe(204);
  });

  it('sends a client that comes after the end the events after its Last-Event-ID and ends, or answers 204 when it has them all', async () => {
    const match = await invitation();
    const declined = await client.ok(bob, match.id, 'decline');
    expect(declined.status).toBe('declined');
    const fromStart = await stream(`/api/matches/${match.id}/stream?after=0`, '198.51.100.21');
    await fromStart.waitFor((c) => c.ended, WAIT_MS);
    expect(fromStart.events.map((e) => e.event).at(-1)).toBe('decline');
    expect(fromStart.events).toHaveLength(declined.version);
    // A client that has the last event (an EventSource reconnecting) is told that nothing more will come.
    const upToDate = await stream(`/api/matches/${match.id}/stream`, '198.51.100.21', undefined, {
      'Last-Event-ID': String(declined.version),
    });
    await upToDate.waitFor((c) => c.ended, WAIT_MS);
    expect(upToDate.status).toBe(204);
    expect(upToDate.text).toBe('');
  });
});

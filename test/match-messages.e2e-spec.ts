import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import { Clock } from '../src/common/clock.js';
import { ReplayVerifier } from '../src/matches/core/replay-verifier.js';
import { bearer } from './support/email-addresses.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { expectProblem, MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Match messages (docs/community.md, "Match messages"): the two players write to each other while the
 * match is under way and for 7 days after it, within 10 a minute and 100 a day, under the text policy;
 * a muted author and a block either way are refused; the reader never sees a player they blocked; the
 * message reaches the other player's match stream and player stream as a `message` event without an
 * id; and the match's log, replay and exports do not change. The clock is the test's (ManualClock).
 */
const clock = new ManualClock('2026-12-01T09:00:00.000Z');
let t: TestApp;
let client: MatchClient;
let port: number;
const open: SseClient[] = [];
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: Clock, useValue: clock }],
  });
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  port = (t.http.address() as AddressInfo).port;
  client = new MatchClient(t.http);
}, 60_000);
afterEach(() => {
  for (const sse of open.splice(0)) sse.close();
});
afterAll(() => t.close());

interface MessageJson {
  readonly id: string;
  readonly matchId: string;
  readonly author: string;
  readonly text: string;
  readonly createdAt: string;
}

interface PageJson {
  readonly items: readonly MessageJson[];
  readonly next: string | null;
}

/** Two new players and a long-nardy match between them, joined (under way). */
async function matchUnderWay(): Promise<{ alice: Player; bob: Player; match: MatchStateJson }> {
  const alice = await client.register(`alice_${++n}`);
  const bob = await client.register(`bob_${n}`);
  const created = await client.create(alice, {
    opponent: bob.username,
    variant: 'long-nardy',
    length: 3,
    colour: 'white',
  });
  const match = await client.ok(bob, created.id, 'join');
  return { alice, bob, match };
}

const post = (player: Player | null, matchId: string, body: unknown): request.Test => {
  const req = request(t.http).post(`/api/matches/${matchId}/messages`);
  return (player === null ? req : req.set(bearer(player.token))).send(body as object);
};

async function write(player: Player, matchId: string, text: string): Promise<MessageJson> {
  const res = await post(player, matchId, { text });
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status: 201 });
  return res.body as MessageJson;
}

async function refused(player: Player | null, matchId: string, body: unknown, status: number, code: string) {
  const res = await post(player, matchId, body);
  expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
  expectProblem(res);
  return res;
}

async function page(player: Player, matchId: string, query: Record<string, string | number> = {}): Promise<PageJson> {
  const res = await request(t.http).get(`/api/matches/${matchId}/messages`).query(query).set(bearer(player.token));
  expect(res.status).toBe(200);
  return res.body as PageJson;
}

async function userId(player: Player): Promise<string> {
  return ((await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200)).body as { id: string }).id;
}

async function stream(path: string, player: Player | null): Promise<SseClient> {
  const sse = await SseClient.open(port, path, player === null ? {} : bearer(player.token));
  open.push(sse);
  expect(sse.status).toBe(200);
  return sse;
}

/** Lets a minute pass on the service's clock (the per-minute limit's window). */
const nextMinute = (): void => clock.advance(61_000);

describe('writing and reading', () => {
  it('answers 201 with the message, stored trimmed in NFC, and pages both players newest first', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const first = await write(alice, match.id, '  Good luck, e\u0301!  ');
    expect(first).toEqual({
      id: expect.any(String) as unknown,
      matchId: match.id,
      author: alice.username,
      text: 'Good luck, \u00e9!',
      createdAt: clock.now().toISOString(),
    });
    clock.advance(1_000);
    const second = await write(bob, match.id, 'Thanks, you too');
    clock.advance(1_000);
    const third = await write(alice, match.id, 'x'.repeat(500));
    for (const reader of [alice, bob]) {
      const all = await page(reader, match.id);
      expect(all).toEqual({ items: [third, second, first], next: null });
      const one = await page(reader, match.id, { limit: 2 });
      expect(one.items).toEqual([third, second]);
      expect(await page(reader, match.id, { limit: 2, cursor: one.next! })).toEqual({ items: [first], next: null });
    }
    nextMinute();
  });

  it('lets only the two players write and read: 403 not-a-player, 401 without a token, 404 for no match', async () => {
    const { alice, match } = await matchUnderWay();
    await write(alice, match.id, 'hello');
    const eve = await client.register(`eve_${++n}`);
    await refused(eve, match.id, { text: 'hi' }, 403, 'not-a-player');
    const read = await request(t.http).get(`/api/matches/${match.id}/messages`).set(bearer(eve.token));
    expect({ status: read.status, code: (read.body as { code: string }).code }).toEqual({
      status: 403,
      code: 'not-a-player',
    });
    await refused(null, match.id, { text: 'hi' }, 401, 'unauthorized');
    expect((await request(t.http).get(`/api/matches/${match.id}/messages`)).status).toBe(401);
    await refused(alice, '00000000-0000-4000-8000-000000000000', { text: 'hi' }, 404, 'match-not-found');
    await refused(alice, 'not-a-uuid', { text: 'hi' }, 404, 'match-not-found');
    expect((await page(alice, match.id)).items).toHaveLength(1);
    nextMinute();
  });

  it('refuses a text outside the policy with 400 and stores nothing', async () => {
    const { alice, bob, match } = await matchUnderWay();
    for (const body of [
      {},
      { text: 42 },
      { text: '' },
      { text: '   ' },
      { text: '\u200b\u200b' },
      { text: 'x'.repeat(501) },
      { text: 'two\nlines' },
      { text: 'tab\there' },
      { text: 'evil \u202e txt' },
      { text: 'hi', extra: true },
    ]) {
      await refused(alice, match.id, body, 400, 'validation-failed');
    }
    // 500 characters after trimming: the spaces around do not count.
    await write(alice, match.id, `  ${'é'.repeat(500)}  `);
    expect((await page(bob, match.id)).items).toHaveLength(1);
    nextMinute();
  });

  it('takes no message before the invitation is accepted (messages-closed), from either side', async () => {
    const alice = await client.register(`alice_${++n}`);
    const bob = await client.register(`bob_${n}`);
    const invitation = await client.create(alice, { opponent: bob.username, variant: 'backgammon', length: 1 });
    await refused(alice, invitation.id, { text: 'join me?' }, 403, 'messages-closed');
    await refused(bob, invitation.id, { text: 'soon' }, 403, 'messages-closed');
    // A declined invitation never was under way either.
    await client.ok(bob, invitation.id, 'decline');
    await refused(alice, invitation.id, { text: 'why?' }, 403, 'messages-closed');
  });
});

describe('the 7 days after the end', () => {
  it('takes messages until 7 days after the end, then 403 messages-closed with closedAt; reading stays open', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const over = await client.ok(alice, match.id, 'leave');
    expect(over.status).toBe('finished');
    const endedAt = clock.now().getTime();
    await write(bob, match.id, 'gg');
    clock.set(new Date(endedAt + 7 * DAY - 60_000));
    await write(alice, match.id, 'still here');
    clock.set(new Date(endedAt + 7 * DAY));
    const res = await refused(bob, match.id, { text: 'too late' }, 403, 'messages-closed');
    expect(res.body).toMatchObject({ closedAt: new Date(endedAt + 7 * DAY).toISOString() });
    expect((await page(bob, match.id)).items.map((m) => m.text)).toEqual(['still here', 'gg']);
    nextMinute();
  });
});

describe('limits', () => {
  it('takes 10 messages a minute per author and match, then 429 too-many-messages with Retry-After', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const start = clock.now().getTime();
    for (let i = 0; i < 10; i++) {
      await write(alice, match.id, `m${i}`);
      clock.advance(1_000);
    }
    const res = await refused(alice, match.id, { text: 'one more' }, 429, 'too-many-messages');
    expect(res.body).toMatchObject({ limit: 10, window: 'minute' });
    // The first message leaves the window 60 s after it was written; 10 s have passed.
    expect(res.headers['retry-after']).toBe(String(Math.ceil((start + 60_000 - clock.now().getTime()) / 1000)));
    // The other player and the author's other matches have their own counts.
    await write(bob, match.id, 'my turn to talk');
    clock.set(new Date(start + 60_001));
    await write(alice, match.id, 'again');
    expect((await page(bob, match.id)).items).toHaveLength(12);
    nextMinute();
  });

  it('counts under a lock: 25 posts at once store 10', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(alice, match.id, { text: `burst ${i}` })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await page(bob, match.id, { limit: 100 })).items).toHaveLength(10);
    nextMinute();
  });

  it('takes 100 messages a day per author and match, then 429 until the first leaves the 24 hours', async () => {
    const { alice, match } = await matchUnderWay();
    const start = clock.now().getTime();
    for (let i = 0; i < 100; i++) {
      if (i > 0 && i % 10 === 0) nextMinute();
      await write(alice, match.id, `day ${i}`);
    }
    nextMinute();
    const res = await refused(alice, match.id, { text: 'the 101st' }, 429, 'too-many-messages');
    expect(res.body).toMatchObject({ limit: 100, window: 'day' });
    expect(Number(res.headers['retry-after'])).toBe(Math.ceil((start + DAY - clock.now().getTime()) / 1000));
    clock.set(new Date(start + DAY + 1));
    await write(alice, match.id, 'a new day');
    nextMinute();
  });
});

describe('mutes and blocks', () => {
  it('refuses a muted author with 403 muted while the mute holds, and takes them once it has ended', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const id = await userId(alice);
    const now = clock.now();
    await t.prisma.$executeRawUnsafe(
      `UPDATE users SET muted_at = $2::timestamptz, mute_ends_at = $3::timestamptz WHERE id = $1::uuid`,
      id,
      new Date(now.getTime() - 60_000).toISOString(),
      new Date(now.getTime() + DAY).toISOString(),
    );
    const res = await refused(alice, match.id, { text: 'hello?' }, 403, 'muted');
    expect(res.body).toMatchObject({ until: new Date(now.getTime() + DAY).toISOString() });
    await write(bob, match.id, 'the other player is not muted');
    clock.advance(DAY);
    await write(alice, match.id, 'back');
    nextMinute();
  });

  it('refuses both players with 403 blocked once one blocked the other, and hides the blocked player from the blocker', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const before = await write(alice, match.id, 'before the block');
    clock.advance(1);
    const mine = await write(bob, match.id, 'my own');
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES ($1::uuid, $2::uuid, now())`,
      await userId(bob),
      await userId(alice),
    );
    const bobsStream = await stream('/api/users/me/stream', bob);
    await refused(alice, match.id, { text: 'after the block' }, 403, 'blocked');
    await refused(bob, match.id, { text: 'nor from me' }, 403, 'blocked');
    // The blocker no longer reads the blocked player; the blocked player still reads both.
    expect((await page(bob, match.id)).items).toEqual([mine]);
    expect((await page(alice, match.id)).items).toEqual([mine, before]);
    expect(bobsStream.events.filter((e) => e.event === 'message')).toEqual([]);
    nextMinute();
  });
});

describe('live', () => {
  it('pushes the message, without an id, to both players’ match and player streams; anonymous streams get none', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const bobsMatch = await stream(`/api/matches/${match.id}/stream`, bob);
    const bobsOwn = await stream('/api/users/me/stream', bob);
    const alicesOwn = await stream('/api/users/me/stream', alice);
    const anonymous = await stream(`/api/matches/${match.id}/stream`, null);
    const sent = await write(alice, match.id, 'Are you there?');
    for (const sse of [bobsMatch, bobsOwn, alicesOwn]) {
      await sse.waitFor((c) => c.events.some((e) => e.event === 'message'));
      const [received] = sse.events.filter((e) => e.event === 'message');
      expect(received.id).toBeNull();
      expect(JSON.parse(received.data)).toEqual(sent);
    }
    // The match's next event still comes with its seq as id, on the match streams, after the message.
    const state = await client.state(match.id);
    const mover = state.turn.player === 'white' ? alice : bob;
    const { plays } = await client.legalPlays(match.id);
    const after = await client.ok(mover, match.id, 'plays', { moves: plays[0].moves });
    for (const sse of [bobsMatch, anonymous]) {
      await sse.waitFor((c) => c.events.some((e) => e.id === String(after.version)));
    }
    expect(anonymous.events.filter((e) => e.event === 'message')).toEqual([]);
    expect(bobsMatch.text).not.toMatch(/id: [^\d].*\nevent: message/);
    nextMinute();
  });
});

describe('the game’s log', () => {
  it('does not change the events, the version, the exports or the replay check', async () => {
    const { alice, bob, match } = await matchUnderWay();
    await client.ok(alice, match.id, 'leave');
    const read = async () => ({
      state: await client.state(match.id),
      events: await client.events(match.id),
      mat: (await request(t.http).get(`/api/matches/${match.id}/export.mat`).expect(200)).text,
      json: (await request(t.http).get(`/api/matches/${match.id}/export.json`).expect(200)).body as unknown,
    });
    const before = await read();
    await write(alice, match.id, 'gg');
    await write(bob, match.id, 'gg, well played');
    const after = await read();
    expect(after).toEqual(before);
    const verdict = await t.app.get(ReplayVerifier).verify(match.id);
    expect(verdict).toEqual({ events: before.events.length, differences: [] });
    nextMinute();
  });
});

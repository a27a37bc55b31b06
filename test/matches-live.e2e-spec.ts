import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { expectProblem, MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { SseClient } from '../bench/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { describeOnPostgres } from './support/database-mode.js';

/**
 * Live streams (docs/architecture.md "Live streams"): two server instances on
 * one database, as two nodes behind a load balancer. Whatever is written
 * through one is pushed to streams held open on the other (PostgreSQL
 * NOTIFY carries the match id and version; the other node reads the rows);
 * a stream cut mid-match resumes from Last-Event-ID without a gap.
 */
let a: TestApp;
let b: TestApp;
let onA: MatchClient;
let portB: number;
let alice: Player;
let bob: Player;
const open: SseClient[] = [];

describeOnPostgres('live streams on two server instances sharing one database', () => {
  beforeAll(async () => {
    a = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
    b = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, a.db);
    await new Promise<void>((resolve) => b.http.listen(0, '127.0.0.1', resolve));
    portB = (b.http.address() as AddressInfo).port;
    onA = new MatchClient(a.http);
    alice = await onA.register('alice');
    bob = await onA.register('bob');
  }, 60_000);
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  async function stream(path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await SseClient.open(portB, path, headers);
    open.push(client);
    return client;
  }

  /** A long-nardy match created and joined through node A: the opening throw is made. */
  async function newMatch(): Promise<MatchStateJson> {
    const created = await onA.create(alice, { opponent: 'bob', variant: 'long-nardy', length: 3, colour: 'white' });
    return onA.ok(bob, created.id, 'join');
  }

  /** The player on turn takes a step through node A: the first legal play, or a roll, as their actions say. */
  async function playOn(matchId: string): Promise<MatchStateJson> {
    const state = await onA.state(matchId);
    const player = state.turn.player === 'white' ? alice : bob;
    const { actions } = await onA.state(matchId, player);
    if (actions.includes('plays')) {
      const { plays } = await onA.legalPlays(matchId);
      return onA.ok(player, matchId, 'plays', { moves: plays[0].moves });
    }
    expect(actions).toContain('roll');
    return onA.ok(player, matchId, 'roll');
  }

  const seqs = (client: SseClient): number[] => client.events.map((e) => Number(e.id));

  describe('GET /api/matches/{id}/stream across two instances', () => {
    it('pushes to a stream on one instance the events committed through the other, id = seq, as the event log shows them', async () => {
      const match = await newMatch();
      const client = await stream(`/api/matches/${match.id}/stream`);
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      const after = await playOn(match.id);
      await client.waitFor((c) => c.events.length >= after.version - match.version);
      expect(seqs(client)).toEqual(
        Array.from({ length: after.version - match.version }, (_, i) => match.version + 1 + i),
      );
      const log = await onA.events(match.id);
      for (const received of client.events) {
        const logged = log.find((e) => e.seq === Number(received.id));
        expect(received.event).toBe(logged?.type);
        expect(JSON.parse(received.data)).toEqual(logged);
      }
    });

    it('resumes a stream cut mid-match from Last-Event-ID: every event missed, once, in order', async () => {
      const match = await newMatch();
      const first = await stream(`/api/matches/${match.id}/stream?after=0`);
      await first.waitFor((c) => c.events.length >= match.version);
      expect(seqs(first)).toEqual(Array.from({ length: match.version }, (_, i) => i + 1));
      first.close();
      const lastId = first.events[first.events.length - 1].id!;
      // Play goes on while nobody listens.
      await playOn(match.id);
      const now = await playOn(match.id);
      const resumed = await stream(`/api/matches/${match.id}/stream`, { 'Last-Event-ID': lastId });
      await resumed.waitFor((c) => c.events.length >= now.version - Number(lastId));
      const more = await playOn(match.id);
      await resumed.waitFor((c) => c.events.length >= more.version - Number(lastId));
      expect(seqs(resumed)).toEqual(
        Array.from({ length: more.version - Number(lastId) }, (_, i) => Number(lastId) + 1 + i),
      );
    });

    it('refuses an unknown match with a 404 problem and a Last-Event-ID that is no seq with a 400, before any stream', async () => {
      const unknown = await request(b.http).get('/api/matches/00000000-0000-4000-8000-000000000000/stream');
      expect(unknown.status).toBe(404);
      expectProblem(unknown);
      const match = await newMatch();
      const bad = await request(b.http).get(`/api/matches/${match.id}/stream`).set('Last-Event-ID', 'yesterday');
      expect(bad.status).toBe(400);
      expectProblem(bad);
      expect(bad.body).toMatchObject({ code: 'invalid-last-event-id' });
    });
  });

  describe('GET /api/users/me/stream', () => {
    const asBob = (): Record<string, string> => ({ Authorization: `Bearer ${bob.token}` });
    /** The events a player stream sent of one match, as `[seq, type]`, and each one's data checked against the log. */
    async function received(client: SseClient, matchId: string): Promise<[number, string][]> {
      const log = await onA.events(matchId);
      return client.events.flatMap((e) => {
        const [id, seq] = e.id!.split(':');
        if (id !== matchId) return [];
        const logged = log.find((l) => l.seq === Number(seq));
        expect(JSON.parse(e.data)).toEqual({ matchId, ...logged });
        expect(e.event).toBe(logged?.type);
        return [[Number(seq), e.event] as [number, string]];
      });
    }
    const upTo = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    it('pushes every event of my matches committed on the other instance, id = <match id>:<seq>, a new match from its first', async () => {
      const client = await stream('/api/users/me/stream', asBob());
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      const carol = await onA.register(`carol${Date.now() % 100_000}`);
      const elsewhere = await onA.create(alice, { opponent: carol.username, variant: 'backgammon', length: 1 });
      const match = await newMatch();
      await playOn(match.id);
      const after = await playOn(match.id);
      await onA.ok(carol, elsewhere.id, 'join');
      await client.waitFor((c) => c.events.some((e) => e.id === `${match.id}:${after.version}`));
      expect((await received(client, match.id)).map(([seq]) => seq)).toEqual(upTo(1, after.version));
      expect(client.events.filter((e) => e.id!.startsWith(elsewhere.id))).toEqual([]);
    });

    it('resumes after a cut from Last-Event-ID: every event of each of my matches missed is sent, in order, none skipped', async () => {
      const first = await stream('/api/users/me/stream', asBob());
      const one = await newMatch();
      const two = await newMatch();
      await first.waitFor((c) => [one, two].every((m) => c.events.some((e) => e.id === `${m.id}:${m.version}`)));
      first.close();
      // Each match's events come in seq order; across matches, in whatever order they are read.
      const lastId = first.events[first.events.length - 1].id!;
      const [last, other] = lastId.startsWith(one.id) ? [one, two] : [two, one];
      expect(lastId).toBe(`${last.id}:${last.version}`);
      // Play goes on in both matches while nobody listens.
      await playOn(one.id);
      await playOn(two.id);
      const oneNow = await playOn(one.id);
      const resumed = await stream('/api/users/me/stream', { ...asBob(), 'Last-Event-ID': lastId });
      await resumed.waitFor((c) => c.events.some((e) => e.id === `${one.id}:${oneNow.version}`));
      const twoNow = await playOn(two.id);
      await resumed.waitFor((c) => c.events.some((e) => e.id === `${two.id}:${twoNow.version}`));
      const now = (match: MatchStateJson): number => (match.id === one.id ? oneNow : twoNow).version;
      // Nothing of the last event's match up to it comes again; every later event comes once, in order.
      const lastAgain = (await received(resumed, last.id)).map(([seq]) => seq);
      expect(lastAgain).toEqual(upTo(last.version + 1, now(last)));
      // The other match's events since shortly before the cut come again (under the same ids), then the rest.
      const otherAgain = (await received(resumed, other.id)).map(([seq]) => seq);
      expect(otherAgain).toEqual(upTo(otherAgain[0], now(other)));
      expect(otherAgain[0]).toBeLessThanOrEqual(other.version + 1);
      const otherBefore = (await received(first, other.id)).map(([seq]) => seq);
      expect(new Set([...otherBefore, ...otherAgain])).toEqual(new Set(upTo(1, now(other))));
    });

    it('refuses a Last-Event-ID that is not <match id>:<seq> of one of my events with a 400 problem, before any stream', async () => {
      const match = await newMatch();
      const carol = await onA.register(`carol${Date.now() % 100_000}`);
      const theirs = await onA.create(alice, { opponent: carol.username, variant: 'backgammon', length: 1 });
      for (const id of ['yesterday', '7', `${match.id}:${match.version + 1}`, `${theirs.id}:1`, `${match.id}:x`]) {
        const bad = await request(b.http).get('/api/users/me/stream').set(asBob()).set('Last-Event-ID', id);
        expect(bad.status).toBe(400);
        expectProblem(bad);
        expect(bad.body).toMatchObject({ code: 'invalid-last-event-id' });
      }
    });

    it('needs a token (401 problem)', async () => {
      const res = await request(b.http).get('/api/users/me/stream');
      expect(res.status).toBe(401);
      expectProblem(res);
    });
  });
});

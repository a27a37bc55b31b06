import request from 'supertest';
import { expectProblem, type Player } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * Ratings and records (docs/rules.md "Ratings"): a finished rated match moves
 * both players' ratings by the FIBS formula in the transaction that ends it;
 * the expected ratings below are worked out by hand from the formula.
 *
 * FIBS: with D = winner's rating - loser's, N = match length,
 *   P = 1 / (10^(D * sqrt(N) / 2000) + 1)        (the chance the loser had)
 *   winner += 4 * sqrt(N) * P * max(1, 5 - winner's experience / 100)
 *   loser  -= 4 * sqrt(N) * P * max(1, 5 - loser's experience / 100)
 *   both gain N experience.
 */
let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;
let dave: Player;

interface Profile {
  readonly rating: number;
  readonly experience: number;
  readonly record: Record<string, number>;
}

async function profile(player: Player): Promise<Profile> {
  const res = await request(s.t.http).get(`/api/users/${player.username}`);
  expect(res.status).toBe(200);
  return res.body as Profile;
}

beforeAll(async () => {
  // Every rated player is listed: these players have a few points of experience (test/match-limits.e2e-spec.ts tests the minimum).
  s = await startScriptedApp({ LEADERBOARD_MIN_EXPERIENCE: '1' });
  [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => s.client.register(n)));

  // Match 1, 3 points, alice (white) against bob: alice opens 3-1 and resigns a gammon (bob 2-0); she
  // wins the next opening throw, 6-5, and resigns a single game: bob wins 3-0 with one gammon.
  const first = await startScriptedMatch(s, alice, bob, { variant: 'backgammon', length: 3 }, [
    [3, 1],
    [6, 5],
  ]);
  await s.client.ok(alice, first, 'resign', { value: 2 });
  await s.client.ok(bob, first, 'resignation/accept');
  await s.client.ok(alice, first, 'resign', { value: 1 });
  const ended = await s.client.ok(bob, first, 'resignation/accept');
  expect(ended).toMatchObject({ status: 'finished', rated: true, score: { white: 0, black: 3 } });

  // Match 2, 1 point, bob (white) against carol: bob opens 3-1 and resigns a single game: carol wins.
  const second = await startScriptedMatch(s, bob, carol, { variant: 'backgammon', length: 1 }, [[3, 1]]);
  await s.client.ok(bob, second, 'resign', { value: 1 });
  await s.client.ok(carol, second, 'resignation/accept');

  // Match 3, unrated, 1 point, dave (white) against alice: dave resigns; nobody's rating moves.
  const third = await startScriptedMatch(s, dave, alice, { variant: 'backgammon', length: 1, rated: false }, [[3, 1]]);
  await s.client.ok(dave, third, 'resign', { value: 1 });
  await s.client.ok(alice, third, 'resignation/accept');
  expectOnlyScriptedThrows(s);
}, 60_000);
afterAll(() => s.t.close());

describe('FIBS ratings', () => {
  it('moves both players of a finished rated match by the formula, worked out by hand', async () => {
    // Match 1: D = 0, N = 3: P = 1 / (10^0 + 1) = 0.5; 4 * sqrt(3) * 0.5 = 3.4641016...; new players'
    // boost max(1, 5 - 0) = 5: bob 1500 + 17.3205080756888 = 1517.3205080756888, alice 1482.6794919243112.
    // Match 2: D = 1500 - 1517.3205080756888 = -17.3205080756888, N = 1: P = 1 / (10^-0.0086602540378 + 1)
    // = 0.5049850777735251; carol (experience 0, boost 5) gains 20 * P = 10.0997015554706; bob (experience
    // 3, boost 4.97) loses 19.88 * P = 10.0391033461376.
    const [a, b, c] = [await profile(alice), await profile(bob), await profile(carol)];
    expect(a.rating).toBeCloseTo(1482.6794919243112, 9);
    expect(b.rating).toBeCloseTo(1507.2814047295512, 9);
    expect(c.rating).toBeCloseTo(1510.0997015554706, 9);
    expect([a.experience, b.experience, c.experience]).toEqual([3, 4, 1]);
  });

  it('counts rated matches won and lost, and their gammons, in the records', async () => {
    expect((await profile(alice)).record).toEqual({
      matchesPlayed: 1,
      matchesWon: 0,
      matchesLost: 1,
      gammonsWon: 0,
      gammonsLost: 1,
      backgammonsWon: 0,
      backgammonsLost: 0,
    });
    expect((await profile(bob)).record).toMatchObject({
      matchesPlayed: 2,
      matchesWon: 1,
      matchesLost: 1,
      gammonsWon: 1,
    });
    expect((await profile(carol)).record).toMatchObject({ matchesPlayed: 1, matchesWon: 1, gammonsWon: 0 });
  });

  it('leaves an unrated match out: dave is still at 1500 with no experience', async () => {
    expect(await profile(dave)).toMatchObject({ rating: 1500, experience: 0, record: { matchesPlayed: 0 } });
  });

  it('refuses a rated money session (400 invalid-match-terms on rated)', async () => {
    const res = await s.client.createRaw(alice, { variant: 'backgammon', length: 0, rated: true });
    expect(res.status).toBe(400);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'invalid-match-terms', field: 'rated' });
  });
});

describe('GET /api/users?sort=rating and GET /api/users/{a}/versus/{b}', () => {
  it('lists the rated players highest first, a page at a time, leaving out those with no rated match', async () => {
    const first = await request(s.t.http).get('/api/users?sort=rating&limit=2');
    expect(first.status).toBe(200);
    const page1 = first.body as { items: Array<{ username: string }>; next: string };
    expect(page1.items.map((u) => u.username)).toEqual(['carol', 'bob']);
    const second = await request(s.t.http).get(`/api/users?sort=rating&limit=2&cursor=${page1.next}`);
    expect((second.body as { items: Array<{ username: string }> }).items.map((u) => u.username)).toEqual(['alice']);
    expect((second.body as { next: string | null }).next).toBeNull();
  });

  it('refuses another order and a cursor it did not give', async () => {
    for (const path of ['/api/users?sort=name', '/api/users', '/api/users?sort=rating&cursor=bm9wZQ']) {
      const res = await request(s.t.http).get(path);
      expect(res.status).toBe(400);
      expectProblem(res);
    }
  });

  it('gives the head-to-head record from either side, unrated matches included', async () => {
    const res = await request(s.t.http).get('/api/users/alice/versus/BOB');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      player: 'alice',
      opponent: 'bob',
      matchesPlayed: 1,
      matchesWon: 0,
      matchesLost: 1,
      pointsWon: 0,
      pointsLost: 3,
    });
    expect((await request(s.t.http).get('/api/users/alice/versus/dave')).body).toMatchObject({
      matchesPlayed: 1,
      matchesWon: 1,
      pointsWon: 1,
    });
    const missing = await request(s.t.http).get('/api/users/alice/versus/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'user-not-found' });
  });
});

describe('leaving a rated match (docs/rules.md M6)', () => {
  it('is a forfeit rated as any finished match: the leaver loses it, both ratings, experience and records move', async () => {
    const [erin, frank] = await Promise.all(['erin', 'frank'].map((n) => s.client.register(n)));
    const id = await startScriptedMatch(s, erin, frank, { variant: 'backgammon', length: 5 }, [[3, 1]]);
    expectOnlyScriptedThrows(s);
    const left = await s.client.ok(erin, id, 'leave');
    expect(left).toMatchObject({ status: 'finished', rated: true, result: { winner: 'black', reason: 'leave' } });
    // D = 0, N = 5: P = 0.5; 4 * sqrt(5) * 0.5 * 5 (new players) = 22.360679774997898.
    const [e, f] = [await profile(erin), await profile(frank)];
    expect(e.rating).toBeCloseTo(1477.6393202250022, 9);
    expect(f.rating).toBeCloseTo(1522.3606797749978, 9);
    expect([e.experience, f.experience]).toEqual([5, 5]);
    expect(e.record).toMatchObject({ matchesPlayed: 1, matchesWon: 0, matchesLost: 1 });
    expect(f.record).toMatchObject({ matchesPlayed: 1, matchesWon: 1, matchesLost: 0 });
  });
});

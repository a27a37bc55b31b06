import request from 'supertest';
import { expectProblem, type Player } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * Ratings and records (docs/rules.md "Ratings"): a finished rated match moves
 * both players' ratings by the FIBS formula in the transaction that ends it,
 * each move weighted by the opponent's experience when the opponent is less
 * experienced than the player; the expected ratings below are worked out by
 * hand from the formula.
 *
 * FIBS: with D = winner's rating - loser's, N = match length,
 *   P = 1 / (10^(D * sqrt(N) / 2000) + 1)        (the chance the loser had)
 *   winner += 4 * sqrt(N) * P * max(1, 5 - winner's experience / 100) * W(winner, loser)
 *   loser  -= 4 * sqrt(N) * P * max(1, 5 - loser's experience / 100) * W(loser, winner)
 *   both gain N experience;
 * W(player, opponent) = 1 when the opponent's experience >= min(the player's, 400), else the
 * opponent's experience / min(the player's, 400); the winner of a forfeit (a leave or a timeout)
 * takes no more than min(1, the leaver's experience / 400).
 */
let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;
let dave: Player;

interface Profile {
  readonly rating: number;
  readonly experience: number;
  readonly provisional: boolean;
  readonly record: Record<string, number>;
}

async function profile(player: Player): Promise<Profile> {
  const res = await request(s.t.http).get(`/api/users/${player.username}`);
  expect(res.status).toBe(200);
  return res.body as Profile;
}

/**
 * `player` given 400 experience, as if from rated matches played before: established, the FIBS
 * boost down to 1 and the full weight as an opponent (set in the database; reaching it through the
 * API would take 400 points of matches).
 */
async function established(player: Player): Promise<void> {
  await s.t.prisma.user.update({ where: { usernameKey: player.username }, data: { experience: 400 } });
}

/** The three matches of the scene, and the answer of the action that ended the first. */
let played: { first: string; second: string; third: string; firstEnd: { ratingChange?: unknown } };

beforeAll(async () => {
  // Every rated player is listed: these players have a few points of experience (test/match-limits.e2e-spec.ts tests the minimum).
  s = await startScriptedApp({ LEADERBOARD_MIN_EXPERIENCE: '1' });
  [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => s.client.register(n)));
  // Bob and carol are established players; alice and dave are new.
  await Promise.all([bob, carol].map(established));

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

  // Match 2, 1 point, bob (white) against carol, both established: bob opens 3-1 and resigns a single game: carol wins.
  const second = await startScriptedMatch(s, bob, carol, { variant: 'backgammon', length: 1 }, [[3, 1]]);
  await s.client.ok(bob, second, 'resign', { value: 1 });
  await s.client.ok(carol, second, 'resignation/accept');

  // Match 3, unrated, 1 point, dave (white) against alice: dave resigns; nobody's rating moves.
  const third = await startScriptedMatch(s, dave, alice, { variant: 'backgammon', length: 1, rated: false }, [[3, 1]]);
  await s.client.ok(dave, third, 'resign', { value: 1 });
  await s.client.ok(alice, third, 'resignation/accept');
  expectOnlyScriptedThrows(s);
  played = { first, second, third, firstEnd: ended as { ratingChange?: unknown } };
}, 60_000);
afterAll(() => s.t.close());

describe('FIBS ratings', () => {
  it('moves both players of a finished rated match by the formula, worked out by hand', async () => {
    // Match 1: D = 0, N = 3: P = 1 / (10^0 + 1) = 0.5; 4 * sqrt(3) * 0.5 = 3.4641016151377544. Alice is new:
    // boost max(1, 5 - 0) = 5, weight 1 (bob is established): 1500 - 17.320508075688772 = 1482.6794919243112.
    // Bob: boost 1, weight 0 / 400 (alice, less experienced, at her first rated match): he stays at 1500.
    // Match 2: both established (boost 1, weight 1), D = 1500 - 1500 = 0, N = 1: P = 0.5, 4 * 1 * 0.5 = 2:
    // carol 1502, bob 1498.
    const [a, b, c] = [await profile(alice), await profile(bob), await profile(carol)];
    expect(a.rating).toBeCloseTo(1482.6794919243112, 9);
    expect(b.rating).toBeCloseTo(1498, 9);
    expect(c.rating).toBeCloseTo(1502, 9);
    expect([a.experience, b.experience, c.experience]).toEqual([3, 404, 401]);
    expect([a.provisional, b.provisional, c.provisional]).toEqual([true, false, false]);
  });

  it('keeps on each rated match how far it moved each rating (ratingChange), in the ending action’s answer too', async () => {
    const changeOf = async (id: string) =>
      ((await request(s.t.http).get(`/api/matches/${id}`)).body as { ratingChange: unknown }).ratingChange;
    // Match 1: alice (white) down by 17.32…, bob (black) not at all; match 2: bob (white) -2, carol +2.
    const first = (await changeOf(played.first)) as { white: number; black: number };
    expect(first.white).toBeCloseTo(-17.32050807568877, 9);
    expect(first.black).toBeCloseTo(0, 9);
    expect(played.firstEnd.ratingChange).toEqual(first);
    const second = (await changeOf(played.second)) as { white: number; black: number };
    expect([second.white, second.black].map((n) => Math.round(n * 1e9) / 1e9)).toEqual([-2, 2]);
    expect(await changeOf(played.third)).toBeNull();
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
      abortedByLeave: 0,
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
    expect(await profile(dave)).toMatchObject({
      rating: 1500,
      experience: 0,
      provisional: true,
      record: { matchesPlayed: 0 },
    });
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

describe('provisional players (docs/rules.md "Ratings")', () => {
  it('two new players move by the full FIBS move: a 3-point match at 1500 ends 1517.32 / 1482.68', async () => {
    const [nina, otto] = await Promise.all(['nina', 'otto'].map((n) => s.client.register(n)));
    // As match 1: nina (white) resigns a gammon, then a single game: otto wins 3-0. D = 0, N = 3:
    // 4 * sqrt(3) * 0.5 = 3.4641016151377544; both boosts 5, both weights 1 (each opponent is as
    // experienced, 0): otto + 17.320508075688772, nina - 17.320508075688772.
    const id = await startScriptedMatch(s, nina, otto, { variant: 'backgammon', length: 3 }, [
      [3, 1],
      [6, 5],
    ]);
    await s.client.ok(nina, id, 'resign', { value: 2 });
    await s.client.ok(otto, id, 'resignation/accept');
    await s.client.ok(nina, id, 'resign', { value: 1 });
    const ended = await s.client.ok(otto, id, 'resignation/accept');
    expect(ended).toMatchObject({ status: 'finished', rated: true, result: { winner: 'black', reason: 'points' } });
    expectOnlyScriptedThrows(s);
    const [n, o] = [await profile(nina), await profile(otto)];
    expect(o.rating.toFixed(2)).toBe('1517.32');
    expect(n.rating.toFixed(2)).toBe('1482.68');
    expect(o.rating).toBeCloseTo(1517.3205080756888, 9);
    expect(n.rating).toBeCloseTo(1482.6794919243112, 9);
    expect([n.experience, o.experience]).toEqual([3, 3]);
  });

  it('move an established opponent by their experience / 400 of the FIBS move, and themselves fully', async () => {
    const [ivy, jack] = await Promise.all(['ivy', 'jack'].map((n) => s.client.register(n)));
    await established(jack);
    await s.t.prisma.user.update({ where: { usernameKey: 'ivy' }, data: { experience: 200 } });
    // 1 point, D = 0: 4 * 1 * 0.5 = 2. Jack (boost 1) wins 2 * 200 / 400 = 1 (ivy is less experienced);
    // ivy (200 experience, boost 3) loses 2 * 3 * 1 = 6 (jack is more experienced).
    const id = await startScriptedMatch(s, ivy, jack, { variant: 'backgammon', length: 1 }, [[3, 1]]);
    await s.client.ok(ivy, id, 'resign', { value: 1 });
    await s.client.ok(jack, id, 'resignation/accept');
    expectOnlyScriptedThrows(s);
    expect(await profile(jack)).toMatchObject({ rating: 1501, experience: 401, provisional: false });
    expect(await profile(ivy)).toMatchObject({ rating: 1494, experience: 201, provisional: true });
  });
});

describe('leaving a rated match (docs/rules.md M6 and "Ratings")', () => {
  it('before both players made 3 real decisions: the leaver loses the match, nobody is rated, the leaver’s record counts it', async () => {
    const [erin, frank] = await Promise.all(['erin', 'frank'].map((n) => s.client.register(n)));
    await Promise.all([erin, frank].map(established));
    // Erin (white) and frank have played twice each: erin is on roll when she leaves.
    const id = await matchWithDecisions(s, erin, frank, 5, 2);
    const left = await s.client.ok(erin, id, 'leave');
    const aborted = {
      status: 'finished',
      rated: false,
      unratedReason: 'aborted-by-leave',
      result: { winner: 'black', reason: 'leave' },
    };
    expect(left).toMatchObject(aborted);
    expect(await s.client.state(id)).toMatchObject(aborted);
    expect((await s.client.events(id)).slice(-2)).toMatchObject([
      { type: 'leave', by: 'white' },
      { type: 'match-end', winner: 'black', reason: 'leave' },
    ]);
    expect(await profile(erin)).toMatchObject({
      rating: 1500,
      experience: 400,
      record: { matchesPlayed: 0, matchesLost: 0, abortedByLeave: 1 },
    });
    expect(await profile(frank)).toMatchObject({
      rating: 1500,
      experience: 400,
      record: { matchesPlayed: 0, matchesWon: 0, abortedByLeave: 0 },
    });
  });

  it('once both made 3 real decisions: a forfeit rated as any finished match, both ratings, experience and records move', async () => {
    const [gina, hank] = await Promise.all(['gina', 'hank'].map((n) => s.client.register(n)));
    await Promise.all([gina, hank].map(established));
    const id = await matchWithDecisions(s, gina, hank, 5, 3);
    const left = await s.client.ok(gina, id, 'leave');
    expect(left).toMatchObject({
      status: 'finished',
      rated: true,
      unratedReason: null,
      result: { winner: 'black', reason: 'leave' },
    });
    // D = 0, N = 5: P = 0.5; 4 * sqrt(5) * 0.5 = 4.47213595499958, boost and weight 1 (established).
    const [g, h] = [await profile(gina), await profile(hank)];
    expect(g.rating).toBeCloseTo(1495.5278640450003, 9);
    expect(h.rating).toBeCloseTo(1504.4721359549997, 9);
    expect([g.experience, h.experience]).toEqual([405, 405]);
    expect(g.record).toMatchObject({ matchesPlayed: 1, matchesWon: 0, matchesLost: 1, abortedByLeave: 0 });
    expect(h.record).toMatchObject({ matchesPlayed: 1, matchesWon: 1, matchesLost: 0 });
  });

  it('a timeout before the real decisions is aborted too, on the record of the player who let the clock run out', async () => {
    const [kim, lou] = await Promise.all(['kim', 'lou'].map((n) => s.client.register(n)));
    await Promise.all([kim, lou].map(established));
    const id = await matchWithDecisions(s, kim, lou, 5, 1, { daysPerTurn: 1, bankDays: 0 });
    // Kim (white) is on roll after one play each and lets the day pass; lou claims the match.
    s.clock.set(new Date(Date.parse((await s.client.state(id)).turn.deadline!) + 1000));
    expect(await s.client.ok(lou, id, 'claim-timeout')).toMatchObject({
      status: 'finished',
      rated: false,
      unratedReason: 'aborted-by-leave',
      result: { winner: 'black', reason: 'timeout' },
    });
    expect(await profile(kim)).toMatchObject({ rating: 1500, experience: 400, record: { abortedByLeave: 1 } });
    expect(await profile(lou)).toMatchObject({ rating: 1500, experience: 400, record: { abortedByLeave: 0 } });
  });
});

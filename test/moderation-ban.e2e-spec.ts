import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, PASSWORD, type Player } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import { startScriptedApp, type ScriptedApp } from './support/scripted-app.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * A ban and what it does (docs/moderation.md, "Bans"): sign-in and refresh refused with the reason,
 * every token of the account ended (access, refresh, personal API tokens), its challenges withdrawn
 * and its matches under way forfeited as leaving is; a ban with days lifts itself. A closed account
 * is refused at the same gates, as an unknown one. On two nodes, a ban on one ends the account's
 * stream and tokens on the other within 5 s.
 */
const DAY_MS = 86_400_000;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function problem(res: request.Response, status: number, code: string): ProblemDetails {
  expect({ status: res.status, code: (res.body as ProblemDetails).code }).toEqual({ status, code });
  return res.body as ProblemDetails;
}

async function setRole(t: TestApp, username: string, role: string): Promise<void> {
  await t.prisma.$executeRawUnsafe(`UPDATE users SET role = $1 WHERE username = $2`, role, username);
}

async function apiToken(t: TestApp, player: Player): Promise<string> {
  const res = await request(t.http)
    .post('/api/users/me/api-tokens')
    .set(bearer(player.token))
    .send({ name: 'bot', scopes: ['play'] })
    .expect(201);
  return (res.body as { token: string }).token;
}

async function signIn(t: TestApp, username: string): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await request(t.http).post('/api/auth/token').send({ username, password: PASSWORD }).expect(200);
  return res.body as { accessToken: string; refreshToken: string };
}

describe('a ban on one node', () => {
  let s: ScriptedApp;
  beforeAll(async () => {
    s = await startScriptedApp();
  });
  afterAll(() => s.t.close());

  it('refuses sign-in and refresh with the reason, ends every token, withdraws the challenges, forfeits the matches; with days it lifts itself', async () => {
    const [mod, cheat, dan, eve] = await Promise.all(
      ['b_mod', 'b_cheat', 'b_dan', 'b_eve'].map((u) => s.client.register(u)),
    );
    await setRole(s.t, mod.username, 'moderator');
    const { refreshToken } = await signIn(s.t, cheat.username);
    const pat = await apiToken(s.t, cheat);
    const open = await s.client.create(cheat, { variant: 'backgammon', length: 3 });
    const invitation = await s.client.create(cheat, { variant: 'backgammon', length: 3, opponent: eve.username });
    // The cheat (white) and dan have made 3 real decisions each: the forfeit is rated as a leave is.
    const playing = await matchWithDecisions(s, cheat, dan, 5, 3);
    const dansRating = (await s.client.get<{ rating: number }>(`/api/users/${dan.username}`)).rating;

    const bannedAt = s.clock.now();
    const res = await request(s.t.http)
      .post(`/api/moderation/users/${cheat.username}/ban`)
      .set(bearer(mod.token))
      .send({ reason: 'Abuse in messages.', days: 3 })
      .expect(200);
    const until = new Date(bannedAt.getTime() + 3 * DAY_MS).toISOString();
    expect(res.body).toMatchObject({ action: 'ban', days: 3, endsAt: until, reason: 'Abuse in messages.' });

    await request(s.t.http).get('/api/users/me').set(bearer(cheat.token)).expect(401);
    await request(s.t.http).get('/api/users/me').set(bearer(pat)).expect(401);
    const refused = problem(
      await request(s.t.http).post('/api/auth/token').send({ username: cheat.username, password: PASSWORD }),
      403,
      'account-banned',
    );
    expect(refused).toMatchObject({ reason: 'Abuse in messages.', until });
    // The wrong password is still the wrong password: the ban says nothing to who does not know it.
    problem(
      await request(s.t.http).post('/api/auth/token').send({ username: cheat.username, password: 'not-the-password' }),
      401,
      'invalid-credentials',
    );
    // Its refresh token is refused with the ban's reason (the client shows why it is signed out).
    const refresh = () => request(s.t.http).post('/api/auth/refresh').send({ refreshToken });
    expect(problem(await refresh(), 403, 'account-banned')).toMatchObject({ reason: 'Abuse in messages.', until });

    expect(await s.client.state(open.id)).toMatchObject({ status: 'aborted' });
    expect(await s.client.state(invitation.id)).toMatchObject({ status: 'aborted' });
    expect(await s.client.state(playing)).toMatchObject({
      status: 'finished',
      rated: true,
      result: { winner: 'black', reason: 'leave' },
    });
    // Rated as a leave is: dan's record counts the win (the leaver's weight, no experience, moves no rating).
    const dans = await s.client.get<{ rating: number; record: { matchesWon: number } }>(`/api/users/${dan.username}`);
    expect(dans).toMatchObject({ rating: dansRating, record: { matchesWon: 1 } });

    // A moment before its end it holds; then it lifts itself: sign-in and the API token work again.
    s.clock.advance(3 * DAY_MS - 1);
    problem(
      await request(s.t.http).post('/api/auth/token').send({ username: cheat.username, password: PASSWORD }),
      403,
      'account-banned',
    );
    await request(s.t.http).get('/api/users/me').set(bearer(pat)).expect(401);
    problem(await refresh(), 403, 'account-banned');
    s.clock.advance(1);
    // Lifted, the sign-in from before the ban stays ended (signed in before the ban's raise): sign in again.
    problem(await refresh(), 401, 'invalid-refresh-token');
    const back = await signIn(s.t, cheat.username);
    await request(s.t.http).get('/api/users/me').set(bearer(back.accessToken)).expect(200);
    await request(s.t.http).get('/api/users/me').set(bearer(pat)).expect(200);
  });

  it('refuses a closed account’s sign-in as an unknown one’s, and its refresh and API tokens', async () => {
    const closer = await s.client.register('b_closer');
    const { refreshToken } = await signIn(s.t, closer.username);
    const pat = await apiToken(s.t, closer);
    await request(s.t.http).get('/api/users/me').set(bearer(pat)).expect(200);
    await s.t.prisma.$executeRawUnsafe(`UPDATE users SET closed_at = now() WHERE username = $1`, closer.username);
    problem(
      await request(s.t.http).post('/api/auth/token').send({ username: closer.username, password: PASSWORD }),
      401,
      'invalid-credentials',
    );
    problem(await request(s.t.http).post('/api/auth/refresh').send({ refreshToken }), 401, 'invalid-refresh-token');
    await request(s.t.http).get('/api/users/me').set(bearer(pat)).expect(401);
  });

  it('leaves the account’s moderator unharmed and refuses nothing else: other players’ tokens go on', async () => {
    const [mod, target, bystander] = await Promise.all(['b_mod2', 'b_target', 'b_by'].map((u) => s.client.register(u)));
    await setRole(s.t, mod.username, 'admin');
    await request(s.t.http)
      .post(`/api/moderation/users/${target.username}/ban`)
      .set(bearer(mod.token))
      .send({ reason: 'No end.' })
      .expect(200);
    const refused = problem(
      await request(s.t.http).post('/api/auth/token').send({ username: target.username, password: PASSWORD }),
      403,
      'account-banned',
    );
    expect(refused).toMatchObject({ reason: 'No end.', until: null });
    await request(s.t.http).get('/api/users/me').set(bearer(bystander.token)).expect(200);
    await request(s.t.http).get('/api/users/me').set(bearer(mod.token)).expect(200);
  });
});

describeOnPostgres('a ban on node A, seen on node B', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
    b = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, a.db);
    await new Promise<void>((resolve) => b.http.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('ends the account’s stream, access token and API token on node B within 5 s', async () => {
    const onA = new MatchClient(a.http);
    const mod = await onA.register('n_mod');
    const target = await onA.register('n_target');
    await setRole(a, mod.username, 'moderator');
    const onB = await signIn(b, target.username);
    const pat = await apiToken(b, { username: target.username, token: onB.accessToken });
    await request(b.http).get('/api/users/me').set(bearer(onB.accessToken)).expect(200);
    await request(b.http).get('/api/users/me').set(bearer(pat)).expect(200);
    const port = (b.http.address() as AddressInfo).port;
    const stream = await SseClient.open(port, '/api/users/me/stream', bearer(onB.accessToken));
    try {
      expect(stream.status).toBe(200);
      const started = performance.now();
      await request(a.http)
        .post(`/api/moderation/users/${target.username}/ban`)
        .set(bearer(mod.token))
        .send({ reason: 'Two nodes.' })
        .expect(200);
      await stream.waitFor((c) => c.ended, 5_000);
      let status = 200;
      while (status === 200 && performance.now() - started < 5_000) {
        status = (await request(b.http).get('/api/users/me').set(bearer(onB.accessToken))).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).toBe(401);
      await request(b.http).get('/api/users/me').set(bearer(pat)).expect(401);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      stream.close();
    }
  });
});

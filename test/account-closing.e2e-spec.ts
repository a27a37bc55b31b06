import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PASSWORD, type Player, type ProblemJson } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import { expectOnlyScriptedThrows, startScriptedApp, type ScriptedApp } from './support/scripted-app.js';
import { TournamentClient } from './support/tournament-client.js';

/**
 * Closing an account (docs/accounts.md, "Closing"): DELETE /api/users/me with the password. Every
 * effect: sign-in refused, every token dead, e-mail address, push subscriptions, webhooks and API
 * tokens deleted, the profile gone (410 account-closed), the name kept; a match under way left as
 * leaving is (the opponent wins), tournament entries withdrawn, challenges withdrawn.
 */

let s: ScriptedApp;
let tournaments: TournamentClient;

beforeAll(async () => {
  s = await startScriptedApp({ TOURNAMENTS_POLL_MS: '200' });
  tournaments = new TournamentClient(s.t.http);
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const closeAccount = (token: string, body: Record<string, unknown>) =>
  request(s.t.http).delete('/api/users/me').set(bearer(token)).send(body);
const idOf = async (username: string): Promise<string> =>
  (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: username } })).id;

async function signIn(username: string): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await request(s.t.http).post('/api/auth/token').send({ username, password: PASSWORD }).expect(200);
  return res.body as { accessToken: string; refreshToken: string };
}

/** Waits for `done` (the notifications' eraser works from the outbox, within its poll's seconds). */
async function eventually(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened`);
}

describe('DELETE /api/users/me', () => {
  it('refuses a wrong password (403 wrong-password), an API token (403), no token (401), and changes nothing', async () => {
    const zed = await s.client.register('zed');
    const wrong = await closeAccount(zed.token, { password: 'not the password' }).expect(403);
    expect((wrong.body as ProblemJson).code).toBe('wrong-password');
    await closeAccount(zed.token, {}).expect(400);
    const made = await request(s.t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(zed.token))
      .send({ name: 'script', scopes: ['play'] })
      .expect(201);
    const apiToken = (made.body as { token: string }).token;
    const byApiToken = await closeAccount(apiToken, { password: PASSWORD }).expect(403);
    expect((byApiToken.body as ProblemJson).code).toBe('insufficient-scope');
    await request(s.t.http).delete('/api/users/me').send({ password: PASSWORD }).expect(401);
    expect((await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'zed' } })).closedAt).toBeNull();
    await request(s.t.http).get('/api/users/zed').expect(200);
  });

  it('closes the account in the middle of a match: the opponent wins as by leaving, every other effect follows', async () => {
    const [ada, boris, cyril, olga] = await Promise.all(
      ['ada', 'boris', 'cyril', 'olga'].map((n) => s.client.register(n)),
    );
    const adaId = await idOf('ada');
    const second = await signIn('ada');
    const made = await request(s.t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(ada.token))
      .send({ name: 'script', scopes: ['play'] })
      .expect(201);
    const apiToken = (made.body as { token: string }).token;
    // What notifications hold of her: an e-mail address, a push subscription, a webhook.
    await s.t.prisma.emailAddress.create({
      data: {
        userId: adaId,
        address: 'ada@example.test',
        addressKey: 'ada@example.test',
        verifiedAt: new Date(),
        unsubscribeKey: Buffer.alloc(32, 1),
      },
    });
    await s.t.prisma.pushSubscription.create({
      data: {
        id: randomUUID(),
        userId: adaId,
        endpoint: 'https://push.example.test/ada',
        p256dh: 'key',
        auth: 'auth',
        createdAt: new Date(),
      },
    });
    await s.t.prisma.webhook.create({
      data: {
        id: randomUUID(),
        userId: adaId,
        url: 'https://hooks.example.test/ada',
        events: ['match.turn'],
        secret: 'whsec',
        createdAt: new Date(),
      },
    });
    // A rated match under way (3 real decisions each), an open challenge, an invitation to her, an entry.
    const playing = await matchWithDecisions(s, ada, boris, 5, 3);
    const challenge = await s.client.create(ada, { variant: 'backgammon', length: 3 });
    const invitation = await s.client.create(cyril, { variant: 'backgammon', length: 3, opponent: 'ada' });
    const cup = await tournaments.create(olga, {
      variant: 'backgammon',
      format: 'knockout',
      lengths: [1],
      daysPerTurn: 3,
      maxPlayers: 8,
      botsAllowed: true,
      name: 'Winter cup',
    });
    await tournaments.enter(ada, cup.id);
    await tournaments.enter(cyril, cup.id);

    await closeAccount(ada.token, { password: PASSWORD }).expect(204);

    // The match under way: left, the opponent wins as by leaving, rated as a forfeit.
    expect(await s.client.state(playing)).toMatchObject({
      status: 'finished',
      rated: true,
      result: { winner: 'black', reason: 'leave' },
    });
    expect((await s.client.events(playing)).slice(-2)).toMatchObject([
      { type: 'leave', by: 'white' },
      { type: 'match-end', winner: 'black', reason: 'leave' },
    ]);
    expect(await s.client.get('/api/users/boris')).toMatchObject({ record: { matchesWon: 1, matchesLost: 0 } });
    expect(await s.client.state(challenge.id)).toMatchObject({ status: 'aborted' });
    expect(await s.client.state(invitation.id)).toMatchObject({ status: 'declined' });
    expect((await tournaments.get(cup.id)).entrants.map((e) => e.username)).toEqual(['cyril']);

    // Every token is dead, sign-in refused as for an unknown account.
    for (const token of [ada.token, second.accessToken, apiToken]) {
      await request(s.t.http).get('/api/users/me').set(bearer(token)).expect(401);
    }
    await request(s.t.http).post('/api/auth/refresh').send({ refreshToken: second.refreshToken }).expect(401);
    const signIn401 = await request(s.t.http).post('/api/auth/token').send({ username: 'ada', password: PASSWORD });
    expect(signIn401.status).toBe(401);
    expect((signIn401.body as ProblemJson).code).toBe('invalid-credentials');
    expect(await s.t.prisma.apiToken.count({ where: { userId: adaId } })).toBe(0);

    // The profile is gone, in the caller's language; the name stays reserved; she cannot be invited.
    const gone = await request(s.t.http).get('/api/users/ada').expect(410);
    expect(gone.body).toMatchObject({ code: 'account-closed', status: 410 });
    const goneRu = await request(s.t.http).get('/api/users/ADA').set('Accept-Language', 'ru').expect(410);
    expect((goneRu.body as { title: string }).title).toBe('Аккаунт закрыт');
    const again = await request(s.t.http)
      .post('/api/users')
      .send({ username: 'Ada', password: 'another-long-password' });
    expect(again.status).toBe(409);
    expect((again.body as ProblemJson).code).toBe('username-taken');
    const invite = await s.client.createRaw(boris, { variant: 'backgammon', length: 3, opponent: 'ada' }).expect(410);
    expect((invite.body as ProblemJson).code).toBe('account-closed');

    // Her matches stay in the others' histories, under her name, shown as closed; the others' names are not.
    const history = await s.client.get<{ items: Array<{ id: string; players: unknown }> }>('/api/users/boris/matches');
    expect(history.items.find((m) => m.id === playing)?.players).toEqual({
      white: { username: 'ada', bot: false, closed: true },
      black: { username: 'boris', bot: false },
    });
    expect(await s.client.state(playing, boris)).toMatchObject({
      players: { white: { username: 'ada', bot: false, closed: true } },
    });

    // The notifications delete what they held, from the outbox's message.
    await eventually(async () => {
      const [emails, pushes, hooks] = await Promise.all([
        s.t.prisma.emailAddress.count({ where: { userId: adaId } }),
        s.t.prisma.pushSubscription.count({ where: { userId: adaId } }),
        s.t.prisma.webhook.count({ where: { userId: adaId } }),
      ]);
      return emails + pushes + hooks === 0;
    }, 'the erasure of her addresses');
    expect((await s.t.prisma.user.findUniqueOrThrow({ where: { id: adaId } })).closedAt).not.toBeNull();
    // The others are untouched.
    await request(s.t.http).get('/api/users/me').set(bearer(boris.token)).expect(200);
  });
});

export type { Player };

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventJson, Player, ProblemJson } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * The export of an account's data (docs/accounts.md, "Your data"): GET /api/users/me/export, a JSON
 * download of everything held about the account: profile, settings, addresses (no keys, no
 * secrets), API tokens (no values), matches with their events (as /events answers them), messages
 * written, reports filed, moderators' actions (unnamed), rating adjustments; a sign-in token only,
 * at most 5 a day.
 */

let s: ScriptedApp;

beforeAll(async () => {
  s = await startScriptedApp();
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const exportOf = (token: string) => request(s.t.http).get('/api/users/me/export').set(bearer(token));
const idOf = async (username: string): Promise<string> =>
  (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: username } })).id;

interface ExportJson {
  format: string;
  profile: Record<string, unknown>;
  settings: Record<string, unknown>;
  email: { address: string } | null;
  pushSubscriptions: Array<Record<string, unknown>>;
  webhooks: Array<Record<string, unknown>>;
  apiTokens: Array<Record<string, unknown>>;
  messages: Array<{ matchId: string; text: string }>;
  reports: Array<Record<string, unknown>>;
  moderationActions: Array<Record<string, unknown>>;
  ratingAdjustments: Array<Record<string, unknown>>;
  matches: Array<{ match: { id: string; status: string }; events: EventJson[] }>;
}

describe('GET /api/users/me/export', () => {
  it('downloads everything held about a player with matches and messages, and no secret', async () => {
    const [ivy, jon, kit] = await Promise.all(['ivy', 'jon', 'kit'].map((n) => s.client.register(n)));
    const [ivyId, jonId, kitId] = await Promise.all(['ivy', 'jon', 'kit'].map(idOf));
    await request(s.t.http).patch('/api/users/me').set(bearer(ivy.token)).send({ language: 'lt' }).expect(200);
    const made = await request(s.t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(ivy.token))
      .send({ name: 'my script', scopes: ['read'] })
      .expect(201);
    const apiToken = (made.body as { token: string }).token;
    // Two matches with jon: one played to its end (a resignation), one under way; a challenge not joined.
    const finished = await startScriptedMatch(s, ivy, jon, { variant: 'backgammon', length: 1 }, [[3, 1]]);
    await s.client.ok(ivy, finished, 'resign', { value: 1 });
    await s.client.ok(jon, finished, 'resignation/accept');
    const playing = await startScriptedMatch(s, jon, ivy, { variant: 'long-nardy', length: 3 }, [[6, 2]]);
    const challenge = await s.client.create(ivy, { variant: 'backgammon', length: 5 });
    const elsewhere = await startScriptedMatch(s, jon, kit, { variant: 'backgammon', length: 1 }, [[4, 2]]);
    // What other modules hold: messages, a report, a moderator's action, an adjustment, addresses.
    const at = new Date('2026-12-08T10:00:00.000Z');
    await s.t.prisma.matchMessage.createMany({
      data: [
        { id: randomUUID(), matchId: finished, authorId: ivyId, text: 'Good game!', createdAt: at },
        { id: randomUUID(), matchId: playing, authorId: ivyId, text: 'Удачи', createdAt: new Date(at.getTime() + 1) },
        { id: randomUUID(), matchId: finished, authorId: jonId, text: 'Thanks', createdAt: at },
      ],
    });
    const reportId = randomUUID();
    await s.t.prisma.report.create({
      data: {
        id: reportId,
        reporterId: ivyId,
        targetId: kitId,
        status: 'open',
        openSlot: true,
        createdAt: at,
        updatedAt: at,
      },
    });
    await s.t.prisma.reportFiling.create({
      data: { id: randomUUID(), reportId, reporterId: ivyId, reason: 'abuse', text: 'rude', createdAt: at },
    });
    await s.t.prisma.moderationAction.create({
      data: { id: randomUUID(), targetId: ivyId, moderatorId: kitId, action: 'warn', reason: 'Be kind', createdAt: at },
    });
    await s.t.prisma.ratingAdjustment.create({
      data: { id: randomUUID(), userId: ivyId, points: 4.5, cause: 'refund', matchId: finished, createdAt: at },
    });
    await s.t.prisma.emailAddress.create({
      data: {
        userId: ivyId,
        address: 'ivy@example.test',
        addressKey: 'ivy@example.test',
        verifiedAt: at,
        unsubscribeKey: Buffer.alloc(32, 7),
      },
    });
    await s.t.prisma.pushSubscription.create({
      data: {
        id: randomUUID(),
        userId: ivyId,
        endpoint: 'https://push.example.test/ivy',
        p256dh: 'PUSH-KEY',
        auth: 'PUSH-AUTH',
        createdAt: at,
      },
    });
    await s.t.prisma.webhook.create({
      data: {
        id: randomUUID(),
        userId: ivyId,
        url: 'https://hooks.example.test/ivy',
        events: ['match.turn'],
        secret: 'WEBHOOK-SECRET',
        createdAt: at,
      },
    });

    const res = await exportOf(ivy.token).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nardy-ivy-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = res.text;
    const data = JSON.parse(text) as ExportJson;
    expect(data.format).toBe('nardy-account-export/1');
    expect(data.profile).toMatchObject({
      id: ivyId,
      username: 'ivy',
      role: 'player',
      rating: expect.any(Number) as unknown,
    });
    expect(data.settings).toMatchObject({ language: 'lt', autoPlayForced: false });
    expect(data.email).toMatchObject({ address: 'ivy@example.test' });
    expect(data.pushSubscriptions).toEqual([
      { endpoint: 'https://push.example.test/ivy', createdAt: at.toISOString() },
    ]);
    expect(data.webhooks).toMatchObject([{ url: 'https://hooks.example.test/ivy', events: ['match.turn'] }]);
    expect(data.apiTokens).toMatchObject([{ name: 'my script', scopes: ['read'] }]);
    // No secret of any kind: password hash, token values, push keys, webhook secrets, the moderator's name.
    for (const secret of ['$argon2', apiToken, 'PUSH-KEY', 'PUSH-AUTH', 'WEBHOOK-SECRET', 'tokenVersion']) {
      expect(text).not.toContain(secret);
    }
    expect(data.moderationActions).toEqual([expect.objectContaining({ action: 'warn', reason: 'Be kind' }) as unknown]);
    expect(JSON.stringify(data.moderationActions)).not.toMatch(/kit|moderator/);
    expect(data.messages.map((m) => m.text)).toEqual(['Good game!', 'Удачи']);
    expect(data.reports).toMatchObject([{ target: 'kit', reason: 'abuse', text: 'rude' }]);
    expect(data.ratingAdjustments).toMatchObject([{ points: 4.5, cause: 'refund', matchId: finished }]);
    // Her matches (the test's clock stands still: in id order), each with the events /events answers; none of the others'.
    const byId = new Map(data.matches.map((m) => [m.match.id, m.match.status]));
    expect(byId).toEqual(
      new Map([
        [finished, 'finished'],
        [playing, 'playing'],
        [challenge.id, 'invited'],
      ]),
    );
    expect(data.matches.map((m) => m.match.id)).not.toContain(elsewhere);
    for (const { match, events } of data.matches) {
      expect(events).toEqual(await s.client.events(match.id));
    }
  });

  it('needs a sign-in token (an API token: 403), and allows 5 exports a day (then 429 with Retry-After)', async () => {
    const lea = await s.client.register('lea');
    await request(s.t.http).get('/api/users/me/export').expect(401);
    const made = await request(s.t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(lea.token))
      .send({ name: 'reader', scopes: ['read'] })
      .expect(201);
    const byApiToken = await exportOf((made.body as { token: string }).token).expect(403);
    expect((byApiToken.body as ProblemJson).code).toBe('insufficient-scope');
    for (let i = 0; i < 5; i++) await exportOf(lea.token).expect(200);
    const refused = await exportOf(lea.token).expect(429);
    expect(refused.body).toMatchObject({ code: 'too-many-exports', limit: 5 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A day later, one more.
    s.clock.set(new Date(s.clock.now().getTime() + 24 * 3600 * 1000 + 1000));
    await exportOf(lea.token).expect(200);
  });
});

export type { Player };

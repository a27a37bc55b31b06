import { createHash } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { SqlClient } from '../src/database/sql-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Refresh tokens (docs/architecture.md, "Refresh tokens"): every login answers
 * one, in the body and an httpOnly cookie for /api/auth/refresh only; each
 * works once and answers the next; one used twice ends its whole family;
 * logging out everywhere and a new password end them; 30 days unused ends one.
 */
const clock = new ManualClock('2026-11-27T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: Clock, useValue: clock }],
  });
});
afterAll(() => t.close());

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

let n = 0;
const PASSWORD = 'refresh-test-password';

async function signIn(): Promise<Tokens & { username: string; cookie: string }> {
  const username = `refresher_${++n}`;
  await request(t.http).post('/api/users').send({ username, password: PASSWORD }).expect(201);
  const res = await request(t.http).post('/api/auth/token').send({ username, password: PASSWORD }).expect(200);
  return { ...(res.body as Tokens), username, cookie: String(res.headers['set-cookie']) };
}

const refresh = (refreshToken: string) => request(t.http).post('/api/auth/refresh').send({ refreshToken });

async function refreshed(refreshToken: string): Promise<Tokens> {
  return (await refresh(refreshToken).expect(200)).body as Tokens;
}

async function expectRefused(refreshToken: string): Promise<void> {
  const res = await refresh(refreshToken).expect(401);
  expect(res.body).toMatchObject({ code: 'invalid-refresh-token' });
}

describe('POST /api/auth/token and POST /api/auth/refresh', () => {
  it('answers a refresh token in the body and an httpOnly, SameSite=Strict cookie for /api/auth/refresh, stored as its hash', async () => {
    const signed = await signIn();
    expect(signed.refreshToken).toMatch(/^nardy_rt_[A-Za-z0-9_-]{43}$/);
    expect(signed.cookie).toBe(
      `nardy_refresh=${signed.refreshToken}; Path=/api/auth/refresh; Max-Age=2592000; HttpOnly; Secure; SameSite=Strict`,
    );
    const rows = await t.app
      .get(SqlClient)
      .query<Record<string, unknown>>(`SELECT encode(token_hash, 'hex') AS hash, r.* FROM refresh_tokens r`);
    const hash = createHash('sha256').update(signed.refreshToken).digest('hex');
    expect(rows.map((row) => row.hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(signed.refreshToken.slice('nardy_rt_'.length));
  });

  it('exchanges a refresh token once for a working access token and the next refresh token, from the body or the cookie', async () => {
    const signed = await signIn();
    const next = await refreshed(signed.refreshToken);
    expect(next.refreshToken).not.toBe(signed.refreshToken);
    const me = await request(t.http)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${next.accessToken}`)
      .expect(200);
    expect(me.body).toMatchObject({ username: signed.username });

    const byCookie = await request(t.http)
      .post('/api/auth/refresh')
      .set('Cookie', `other=1; nardy_refresh=${next.refreshToken}`)
      .expect(200);
    const third = byCookie.body as Tokens;
    expect(String(byCookie.headers['set-cookie'])).toContain(`nardy_refresh=${third.refreshToken};`);
    await refreshed(third.refreshToken);
  });

  it('ends the whole family when a refresh token is used twice, its access tokens with it, and leaves other sign-ins alone', async () => {
    const signed = await signIn();
    const other = await request(t.http).post('/api/auth/token').send({ username: signed.username, password: PASSWORD });
    const next = await refreshed(signed.refreshToken);
    const me = (accessToken: string) =>
      request(t.http).get('/api/users/me').set('Authorization', `Bearer ${accessToken}`);
    await me(next.accessToken).expect(200);
    await expectRefused(signed.refreshToken);
    await expectRefused(next.refreshToken);
    await me(signed.accessToken).expect(401);
    expect((await me(next.accessToken).expect(401)).body).toMatchObject({ code: 'unauthorized' });
    await me((other.body as Tokens).accessToken).expect(200);
    await refreshed((other.body as Tokens).refreshToken);
  });

  it('answers one of two refreshes with one token at the same moment, and ends the family for the other', async () => {
    const signed = await signIn();
    const both = await Promise.all([refresh(signed.refreshToken), refresh(signed.refreshToken)]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 401]);
    const winner = both.find((res) => res.status === 200)?.body as Tokens;
    await expectRefused(winner.refreshToken);
  });

  it('refuses refresh tokens after logging out everywhere, and after a new password', async () => {
    const a = await signIn();
    await request(t.http).post('/api/auth/logout-all').set('Authorization', `Bearer ${a.accessToken}`).expect(204);
    await expectRefused(a.refreshToken);

    const b = await signIn();
    await request(t.http)
      .patch('/api/users/me/password')
      .set('Authorization', `Bearer ${b.accessToken}`)
      .send({ currentPassword: PASSWORD, newPassword: 'walnut ferry compass lantern' })
      .expect(204);
    await expectRefused(b.refreshToken);
  });

  it('ends a refresh token unused for 30 days; each refresh starts the 30 days again', async () => {
    const signed = await signIn();
    clock.advance(30 * DAY - 1);
    const next = await refreshed(signed.refreshToken);
    clock.advance(30 * DAY - 1);
    const last = await refreshed(next.refreshToken);
    clock.advance(30 * DAY);
    const res = await refresh(last.refreshToken).expect(401);
    expect(res.body).toMatchObject({
      code: 'invalid-refresh-token',
      detail: expect.stringMatching(/30 days/) as unknown,
    });
  });

  it('refuses an unknown refresh token with 401; none at all, or a malformed one, with 400', async () => {
    const none = await request(t.http).post('/api/auth/refresh').expect(400);
    expect(none.body).toMatchObject({ code: 'missing-refresh-token', field: 'refreshToken' });
    await expectRefused(`nardy_rt_${'A'.repeat(43)}`);
    const bad = await request(t.http).post('/api/auth/refresh').send({ refreshToken: 5 }).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation-failed' });
  });
});

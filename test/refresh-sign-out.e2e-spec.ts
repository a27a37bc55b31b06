import request from 'supertest';
import { RefreshTokenPurger } from '../src/auth/refresh-token-purger.js';
import { RefreshTokensRepository } from '../src/auth/refresh-tokens.repository.js';
import { Clock } from '../src/common/clock.js';
import { SqlClient } from '../src/database/sql-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Ending refresh tokens (docs/architecture.md, "Refresh tokens"): signing out of a browser
 * (DELETE /api/auth/refresh with its cookie) ends that sign-in's family and clears the cookie;
 * the hourly purge deletes the families idle for 30 days and the tokens spent 30 days ago.
 */
const clock = new ManualClock('2026-11-27T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: Clock, useValue: clock }],
  });
});
afterAll(() => t.close());

let n = 0;
const PASSWORD = 'sign-out-test-password';

async function signIn(): Promise<{ refreshToken: string; username: string }> {
  const username = `leaver_${++n}`;
  await request(t.http).post('/api/users').send({ username, password: PASSWORD }).expect(201);
  const res = await request(t.http).post('/api/auth/token').send({ username, password: PASSWORD }).expect(200);
  return { refreshToken: (res.body as { refreshToken: string }).refreshToken, username };
}

const refresh = (refreshToken: string) => request(t.http).post('/api/auth/refresh').send({ refreshToken });
const next = async (refreshToken: string): Promise<string> =>
  ((await refresh(refreshToken).expect(200)).body as { refreshToken: string }).refreshToken;

async function familiesOf(username: string): Promise<number> {
  const [row] = await t.app
    .get(SqlClient)
    .query<{ n: number }>(
      `SELECT count(*)::int AS n FROM refresh_families f JOIN users u ON u.id = f.user_id WHERE u.username = $1`,
      [username],
    );
  return row?.n ?? 0;
}

async function tokensOf(username: string): Promise<number> {
  const [row] = await t.app.get(SqlClient).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM refresh_tokens t JOIN refresh_families f ON f.id = t.family_id
         JOIN users u ON u.id = f.user_id WHERE u.username = $1`,
    [username],
  );
  return row?.n ?? 0;
}

describe('DELETE /api/auth/refresh', () => {
  it('ends the sign-in of the cookie’s refresh token, leaves the account’s other sign-ins, and clears the cookie', async () => {
    const signed = await signIn();
    const current = await next(signed.refreshToken);
    const other = await request(t.http)
      .post('/api/auth/token')
      .send({ username: signed.username, password: PASSWORD })
      .expect(200);
    const res = await request(t.http)
      .delete('/api/auth/refresh')
      .set('Cookie', `other=1; nardy_refresh=${current}`)
      .expect(204);
    expect(String(res.headers['set-cookie'])).toBe(
      'nardy_refresh=; Path=/api/auth/refresh; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
    );
    expect((await refresh(current).expect(401)).body).toMatchObject({ code: 'invalid-refresh-token' });
    await next((other.body as { refreshToken: string }).refreshToken);
    expect(await familiesOf(signed.username)).toBe(1);
  });

  it('ends the family from a spent token of it too', async () => {
    const signed = await signIn();
    const current = await next(signed.refreshToken);
    await request(t.http).delete('/api/auth/refresh').set('Cookie', `nardy_refresh=${signed.refreshToken}`).expect(204);
    await refresh(current).expect(401);
    expect(await familiesOf(signed.username)).toBe(0);
  });

  it('answers 204 and clears the cookie with no cookie, or one that ends nothing', async () => {
    const none = await request(t.http).delete('/api/auth/refresh').expect(204);
    expect(String(none.headers['set-cookie'])).toContain('nardy_refresh=; Path=/api/auth/refresh; Max-Age=0');
    await request(t.http).delete('/api/auth/refresh').set('Cookie', 'nardy_refresh=nardy_rt_unknown').expect(204);
    await request(t.http).delete('/api/auth/refresh').set('Cookie', 'nardy_refresh=').expect(204);
  });
});

describe('RefreshTokenPurger', () => {
  it('deletes the families idle for 30 days and the tokens spent 30 days ago, and nothing else', async () => {
    const idle = await signIn();
    const busy = await signIn();
    const spent = await next(busy.refreshToken);
    expect(await tokensOf(busy.username)).toBe(2);
    clock.advance(30 * DAY - 1);
    const purger = t.app.get(RefreshTokenPurger);
    await purger.purge();
    expect([await familiesOf(idle.username), await tokensOf(busy.username)]).toEqual([1, 2]);

    const current = await next(spent);
    clock.advance(1);
    await purger.purge();
    // The idle sign-in is gone; of the busy one, the first token (spent 30 days ago) is gone, the
    // token spent a moment ago (kept to catch its reuse) and the current one stay.
    expect([await familiesOf(idle.username), await tokensOf(busy.username)]).toEqual([0, 2]);
    await refresh(idle.refreshToken).expect(401);
    await next(current);
  });
});

describe('RefreshTokenPurger and revoked families', () => {
  it('deletes a revoked family once its access tokens have all expired, and keeps one whose have not', async () => {
    const reused = await signIn();
    await next(reused.refreshToken);
    await refresh(reused.refreshToken).expect(401);
    const sql = t.app.get(SqlClient);
    const revokedOf = async (username: string) =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM revoked_refresh_families r JOIN users u ON u.id = r.user_id
            WHERE u.username = $1`,
          [username],
        )
      )[0]?.n;
    expect(await revokedOf(reused.username)).toBe(1);
    const expired = await signIn();
    await next(expired.refreshToken);
    await refresh(expired.refreshToken).expect(401);
    await sql.query(
      `UPDATE revoked_refresh_families SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [expired.username],
    );
    expect((await t.app.get(RefreshTokenPurger).purge()).revoked).toBeGreaterThanOrEqual(1);
    expect([await revokedOf(reused.username), await revokedOf(expired.username)]).toEqual([1, 0]);
  });
});

describe('RefreshTokenPurger on several nodes', () => {
  it('two runs at once delete every idle family once between them, neither failing on the other', async () => {
    const idle = await Promise.all([signIn(), signIn(), signIn()]);
    clock.advance(30 * DAY);
    // The runs share no lock: each skips the rows the other has taken (SKIP LOCKED). The repository's
    // own calls, so that a run that failed would fail the test (the purger logs it and goes on).
    const tokens = t.app.get(RefreshTokensRepository);
    const idleSince = new Date(clock.now().getTime() - 30 * DAY);
    const [a, b] = await Promise.all([tokens.purgeIdle(idleSince, 1000), tokens.purgeIdle(idleSince, 1000)]);
    expect(a.families + b.families).toBeGreaterThanOrEqual(idle.length);
    for (const signed of idle) expect(await familiesOf(signed.username)).toBe(0);
  });
});

describe('RefreshTokensRepository.purgeIdle', () => {
  it('deletes no more rows of each kind than its limit: a run’s work is bounded', async () => {
    await Promise.all([signIn(), signIn()]);
    clock.advance(30 * DAY);
    const tokens = t.app.get(RefreshTokensRepository);
    const idleSince = new Date(clock.now().getTime() - 30 * DAY);
    expect((await tokens.purgeIdle(idleSince, 1)).families).toBe(1);
    expect((await tokens.purgeIdle(idleSince, 1)).families).toBe(1);
    expect((await tokens.purgeIdle(idleSince, 1)).families).toBe(0);
  });
});

describe('DELETE /api/auth/refresh rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ AUTH_THROTTLE_LIMIT: '2', AUTH_THROTTLE_TTL_SECONDS: '60' });
  });
  afterAll(() => limited.close());

  it('answers 429 too-many-requests with Retry-After past the token request limit', async () => {
    const signOut = () => request(limited.http).delete('/api/auth/refresh').set('Cookie', 'nardy_refresh=nardy_rt_x');
    await signOut().expect(204);
    await signOut().expect(204);
    const res = await signOut().expect(429);
    expect(res.body).toMatchObject({ code: 'too-many-requests' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { TokenVersionsRepository } from '../src/security/token-versions.repository.js';
import { describeOnPostgres } from './support/database-mode.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app.js';

/**
 * Ending bearer tokens (docs/architecture.md, "API conventions"): a password
 * change and POST /api/auth/logout-all end every token of the account issued
 * before, on every route and every instance, tokens a node had already
 * verified and remembered included; a token without an expiry is refused. A
 * refresh token used twice ends the access tokens of its sign-in, on every
 * instance within seconds (docs/architecture.md, "Refresh tokens").
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
});
afterAll(() => t.close());

let n = 0;

async function register(app: TestApp = t): Promise<{ username: string; password: string }> {
  const account = { username: `revoker_${++n}`, password: `first-password-${n}` };
  await request(app.http).post('/api/users').send(account).expect(201);
  return account;
}

async function login(username: string, password: string, app: TestApp = t): Promise<string> {
  const res = await request(app.http).post('/api/auth/token').send({ username, password }).expect(200);
  return (res.body as { accessToken: string }).accessToken;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The statuses of a token on a read, a settings change and a match creation. */
async function statusesOf(token: string, app: TestApp = t): Promise<number[]> {
  return [
    (await request(app.http).get('/api/users/me').set(bearer(token))).status,
    (await request(app.http).patch('/api/users/me').set(bearer(token)).send({ autoPlayForced: false })).status,
    (await request(app.http).post('/api/matches').set(bearer(token)).send({ variant: 'backgammon', length: 1 })).status,
  ];
}

function expectRevoked(res: request.Response): void {
  expect(res.status).toBe(401);
  expect((res.body as ProblemDetails).code).toBe('unauthorized');
  expect((res.body as ProblemDetails).detail).toMatch(/revoked/);
}

describe('POST /api/auth/logout-all', () => {
  it('ends every token issued before, the one used and one the server had verified and remembered, and later logins work', async () => {
    const { username, password } = await register();
    const used = await login(username, password);
    const other = await login(username, password);
    await request(t.http).get('/api/users/me').set(bearer(other)).expect(200);

    await request(t.http).post('/api/auth/logout-all').set(bearer(used)).expect(204);

    expect(await statusesOf(used)).toEqual([401, 401, 401]);
    expect(await statusesOf(other)).toEqual([401, 401, 401]);
    expectRevoked(await request(t.http).get('/api/users/me').set(bearer(other)));
    await request(t.http).post('/api/auth/logout-all').set(bearer(used)).expect(401);
    const later = await login(username, password);
    expect(await statusesOf(later)).toEqual([200, 200, 201]);
  });

  it('tells tokens apart by version, not time: the one issued just before the logout ends, the one just after lives', async () => {
    const one = await register();
    const two = await register();
    const others = await login(two.username, two.password);
    const before = await login(one.username, one.password);
    await request(t.http).post('/api/auth/logout-all').set(bearer(before)).expect(204);
    const after = await login(one.username, one.password);
    await request(t.http).get('/api/users/me').set(bearer(before)).expect(401);
    await request(t.http).get('/api/users/me').set(bearer(after)).expect(200);
    await request(t.http).get('/api/users/me').set(bearer(others)).expect(200);
  });

  it('needs a bearer token', async () => {
    await request(t.http).post('/api/auth/logout-all').expect(401);
  });
});

describe('PATCH /api/users/me/password', () => {
  const change = (token: string, body: object) =>
    request(t.http).patch('/api/users/me/password').set(bearer(token)).send(body);

  it('needs the current password: a wrong one is 403 wrong-password and changes nothing', async () => {
    const { username, password } = await register();
    const token = await login(username, password);
    const res = await change(token, { currentPassword: 'not-the-password', newPassword: 'second-password' });
    expect(res.status).toBe(403);
    expect((res.body as ProblemDetails).code).toBe('wrong-password');
    expect(await statusesOf(token)).toEqual([200, 200, 201]);
    await login(username, password);
    await request(t.http).post('/api/auth/token').send({ username, password: 'second-password' }).expect(401);
  });

  it.each([
    ['a new password of 7 characters', { newPassword: 'short-7' }],
    ['a new password of 129 characters', { newPassword: 'x'.repeat(129) }],
    ['no current password', { currentPassword: undefined }],
  ])('refuses %s as validation-failed, changing nothing', async (_, body) => {
    const { username, password } = await register();
    const token = await login(username, password);
    const res = await change(token, { currentPassword: password, newPassword: 'second-password', ...body });
    expect(res.status).toBe(400);
    expect((res.body as ProblemDetails).code).toBe('validation-failed');
    await request(t.http).get('/api/users/me').set(bearer(token)).expect(200);
    await login(username, password);
  });

  it.each([
    ['one of the most common passwords', () => 'iloveyou2', 'is too easy to guess'],
    [
      'one containing the username',
      (username: string) => `${username.toUpperCase()}-horse-battery`,
      'must not contain the username',
    ],
  ])('refuses %s as 400 weak-password naming newPassword, changing nothing', async (_, newPassword, says) => {
    const { username, password } = await register();
    const token = await login(username, password);
    const res = await change(token, { currentPassword: password, newPassword: newPassword(username) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'weak-password', field: 'newPassword' });
    expect((res.body as ProblemDetails).detail).toContain(`newPassword ${says}`);
    await request(t.http).get('/api/users/me').set(bearer(token)).expect(200);
    await login(username, password);
  });

  it('sets the new password and ends every earlier token, the one used too, on every route', async () => {
    const { username, password } = await register();
    const token = await login(username, password);
    const other = await login(username, password);
    await request(t.http).get('/api/users/me').set(bearer(other)).expect(200);

    const res = await change(token, { currentPassword: password, newPassword: 'second-password' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect(await statusesOf(token)).toEqual([401, 401, 401]);
    expect(await statusesOf(other)).toEqual([401, 401, 401]);
    await request(t.http).post('/api/auth/token').send({ username, password }).expect(401);
    const fresh = await login(username, 'second-password');
    expect(await statusesOf(fresh)).toEqual([200, 200, 201]);
  });
});

describe('a token without an expiry', () => {
  it('is refused, though signed with the service’s secret', async () => {
    const { username, password } = await register();
    const token = await login(username, password);
    const me = (await request(t.http).get('/api/users/me').set(bearer(token)).expect(200)).body as { id: string };
    const forever = await new JwtService({ secret: TEST_JWT_SECRET }).signAsync({ sub: me.id, username, tv: 0 });
    const res = await request(t.http).get('/api/users/me').set(bearer(forever));
    expect(res.status).toBe(401);
    expect((res.body as ProblemDetails).detail).toMatch(/no expiry/);
  });
});

describeOnPostgres('a second instance on the same database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, t.db);
  });
  afterAll(() => b.close());

  it('refuses a token it had verified and remembered once it hears of the logout on the first, without reading the version again', async () => {
    const { username, password } = await register();
    const token = await login(username, password);
    await request(b.http).get('/api/users/me').set(bearer(token)).expect(200);
    const reads = jest.spyOn(b.app.get(TokenVersionsRepository), 'current');
    try {
      await request(t.http).post('/api/auth/logout-all').set(bearer(token)).expect(204);
      // The notification reaches B within milliseconds; the loop only waits for it.
      let status = 200;
      for (let i = 0; i < 500 && status === 200; i++) {
        status = (await request(b.http).get('/api/users/me').set(bearer(token))).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).toBe(401);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    await request(b.http)
      .get('/api/users/me')
      .set(bearer(await login(username, password, b)))
      .expect(200);
  });

  it('refuses on both nodes, within 5 s, the access tokens of a sign-in whose refresh token was used twice, and not another sign-in’s', async () => {
    const { username, password } = await register();
    const signIn = async (app: TestApp) =>
      (await request(app.http).post('/api/auth/token').send({ username, password }).expect(200)).body as {
        accessToken: string;
        refreshToken: string;
      };
    const stolen = await signIn(t);
    const other = await signIn(b);
    const rotated = (await request(t.http).post('/api/auth/refresh').send({ refreshToken: stolen.refreshToken }))
      .body as { accessToken: string };
    const family = [stolen.accessToken, rotated.accessToken];
    // Both nodes have verified and remembered every token before the reuse.
    for (const app of [t, b]) {
      for (const token of [...family, other.accessToken]) {
        await request(app.http).get('/api/users/me').set(bearer(token)).expect(200);
      }
    }

    const reuse = await request(b.http).post('/api/auth/refresh').send({ refreshToken: stolen.refreshToken });
    expect(reuse.status).toBe(401);
    expect((reuse.body as ProblemDetails).code).toBe('invalid-refresh-token');

    // B, which saw the reuse, refuses them before it answers it; A hears of it a notification later.
    const statuses = async () => {
      const found: number[] = [];
      for (const app of [b, t]) {
        for (const token of family)
          found.push((await request(app.http).get('/api/users/me').set(bearer(token))).status);
      }
      return found;
    };
    expect((await statuses()).slice(0, 2)).toEqual([401, 401]);
    const until = Date.now() + 5_000;
    let found = await statuses();
    while (found.some((status) => status !== 401) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = await statuses();
    }
    expect(found).toEqual([401, 401, 401, 401]);
    const refused = await request(t.http).get('/api/users/me').set(bearer(stolen.accessToken));
    expect((refused.body as ProblemDetails).detail).toMatch(/used twice/);
    for (const app of [t, b]) await request(app.http).get('/api/users/me').set(bearer(other.accessToken)).expect(200);
    await request(b.http).post('/api/auth/refresh').send({ refreshToken: other.refreshToken }).expect(200);
  });
});

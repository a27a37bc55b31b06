import request from 'supertest';
import { AuthService } from '../src/auth/auth.service.js';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { UsersService } from '../src/users/users.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    AUTH_THROTTLE_LIMIT: '3',
    AUTH_THROTTLE_TTL_SECONDS: '60',
    REGISTER_THROTTLE_LIMIT: '2',
    REGISTER_THROTTLE_TTL_SECONDS: '60',
  });
});
afterAll(() => t.close());

function expectRateLimited(res: request.Response): void {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect((res.body as ProblemDetails).code).toBe('too-many-requests');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('login rate limit', () => {
  it('answers 429 too-many-requests with Retry-After once a client exceeds the token request limit', async () => {
    const attempt = () =>
      request(t.http).post('/api/auth/token').send({ username: 'nobody', password: 'wrong-password' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    expectRateLimited(await attempt());
  });

  it('does not limit other endpoints', async () => {
    for (let i = 0; i < 6; i++) await request(t.http).get('/api/users/nobody').expect(404);
  });
});

describe('registration rate limit', () => {
  const register = (username: string) =>
    request(t.http).post('/api/users').send({ username, password: 'password-1234' });

  it('answers 429 too-many-requests with Retry-After past the registration limit, and registers nobody then', async () => {
    // The login limit of this app is used up by now (above): registrations are counted on their own.
    await register('flood_1').expect(201);
    await register('flood_2').expect(201);
    expectRateLimited(await register('flood_3'));
    expect(await t.prisma.user.count({ where: { usernameKey: 'flood_3' } })).toBe(0);
  });
});

describe('password change rate limit', () => {
  it('answers 429 too-many-requests with Retry-After past the token request limit, counted on its own', async () => {
    // Made through the services: this app's registration and login limits are used up above.
    await t.app.get(UsersService).register({ username: 'changer', password: 'password-1234' });
    const { accessToken } = await t.app.get(AuthService).issueToken('changer', 'password-1234');
    const attempt = () =>
      request(t.http)
        .patch('/api/users/me/password')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ currentPassword: 'guess-1234', newPassword: 'password-5678' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(403);
    expectRateLimited(await attempt());
  });
});

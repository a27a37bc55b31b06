import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '3', AUTH_THROTTLE_TTL_SECONDS: '60' });
});
afterAll(() => t.close());

describe('login rate limit', () => {
  it('answers 429 too-many-requests with Retry-After once a client exceeds the token request limit', async () => {
    const attempt = () =>
      request(t.http).post('/api/auth/token').send({ username: 'nobody', password: 'wrong-password' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt().expect(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.body.code).toBe('too-many-requests');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('does not limit other endpoints', async () => {
    for (let i = 0; i < 6; i++) await request(t.http).get('/api/users/nobody').expect(404);
  });
});

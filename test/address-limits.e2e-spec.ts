import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every per-address limit counts a client address one way (docs/architecture.md, "API
 * conventions"): an IPv6 address by its /64, which one subscriber holds whole and can pick any
 * address of, and an IPv4-mapped IPv6 address as its IPv4 address. Here the token request limit,
 * the client speaking through a trusted proxy on loopback. (Anonymous live streams:
 * test/stream-limits.e2e-spec.ts; open connections: test/connection-limits.e2e-spec.ts.)
 */
const LIMIT = 2;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    AUTH_THROTTLE_LIMIT: String(LIMIT),
    AUTH_THROTTLE_TTL_SECONDS: '60',
    TRUST_PROXY: 'loopback',
  });
});
afterAll(() => t.close());

const login = (from: string) =>
  request(t.http)
    .post('/api/auth/token')
    .set('X-Forwarded-For', from)
    .send({ username: 'nobody', password: 'wrong-password' });

function expectRateLimited(res: request.Response): void {
  expect(res.status).toBe(429);
  expect((res.body as ProblemDetails).code).toBe('too-many-requests');
}

it('counts the token requests of every IPv6 address of one /64 together, and another /64 apart', async () => {
  expect((await login('2001:db8:a:b::1')).status).toBe(401);
  expect((await login('2001:db8:a:b:1234:5678:9abc:def0')).status).toBe(401);
  expectRateLimited(await login('2001:DB8:A:B:0:0:0:FFFF'));
  expect((await login('2001:db8:a:c::1')).status).toBe(401);
});

it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
  expect((await login('203.0.113.7')).status).toBe(401);
  expect((await login('::ffff:203.0.113.7')).status).toBe(401);
  expectRateLimited(await login('203.0.113.7'));
  expect((await login('203.0.113.8')).status).toBe(401);
});

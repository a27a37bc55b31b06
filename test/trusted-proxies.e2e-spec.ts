import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The login rate limit is kept per client address. X-Forwarded-For may name
 * the client only when the peer is a trusted proxy (TRUST_PROXY); by default
 * none is, so a client cannot reset its limit by inventing addresses.
 */
const LIMIT = 3;
const attempt = (t: TestApp, forwardedFor: string) =>
  request(t.http)
    .post('/api/auth/token')
    .set('X-Forwarded-For', forwardedFor)
    .send({ username: 'nobody', password: 'wrong-password' });

describe('with the default TRUST_PROXY (off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_THROTTLE_LIMIT: String(LIMIT), TRUST_PROXY: undefined });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a new invented address per request does not escape the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await attempt(t, `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
  });
});

describe('with TRUST_PROXY=loopback (behind a proxy on the same host)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_THROTTLE_LIMIT: String(LIMIT), TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('counts each forwarded client address on its own, and limits each of them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await attempt(t, `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual(Array<number>(LIMIT + 1).fill(401));
    for (let i = 0; i < LIMIT; i++) expect((await attempt(t, '198.51.100.200')).status).toBe(401);
    expect((await attempt(t, '198.51.100.200')).status).toBe(429);
  });

  it('takes the client from the proxy’s entry, not one the client put first in the header', async () => {
    // The proxy appends the address it saw: an address the client wrote before it is not trusted.
    for (let i = 0; i < LIMIT; i++) expect((await attempt(t, `10.9.9.${i}, 198.51.100.201`)).status).toBe(401);
    expect((await attempt(t, '10.9.9.99, 198.51.100.201')).status).toBe(429);
  });
});

describe('with TRUST_PROXY=1 (one proxy in front, whatever its address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_THROTTLE_LIMIT: String(LIMIT), TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('takes the client from the nearest hop’s entry, and limits each client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await attempt(t, `10.9.8.7, 198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual(Array<number>(LIMIT + 1).fill(401));
    for (let i = 0; i < LIMIT; i++) expect((await attempt(t, `10.9.8.${i}, 198.51.100.202`)).status).toBe(401);
    expect((await attempt(t, '10.9.8.99, 198.51.100.202')).status).toBe(429);
  });
});

import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Cross-origin browser access (CORS): off unless CORS_ORIGINS names the origins of the browser apps. */
const APP_ORIGIN = 'https://app.example.com';

describe('CORS with the default CORS_ORIGINS (empty)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: undefined });
  });
  afterAll(() => t.close());

  it('grants no origin: no Access-Control headers, and a preflight is not answered as one', async () => {
    const res = await request(t.http).get('/health').set('Origin', APP_ORIGIN).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(t.http)
      .options('/api/users/me')
      .set('Origin', APP_ORIGIN)
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe(`CORS with CORS_ORIGINS=${APP_ORIGIN}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: `${APP_ORIGIN}, http://localhost:5173` });
  });
  afterAll(() => t.close());

  it('answers a preflight from a listed origin, allowing the API’s request headers', async () => {
    const res = await request(t.http)
      .options('/api/users/me')
      .set('Origin', APP_ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, if-match, idempotency-key, x-request-id')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(res.headers['access-control-allow-methods']?.split(',')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    const allowed = (res.headers['access-control-allow-headers'] ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'if-match', 'idempotency-key', 'x-request-id']),
    );
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('lets a listed origin read answers and errors, with X-Request-Id, Retry-After and ETag exposed', async () => {
    for (const url of ['/health', '/api/users/nobody-here', '/api/users/me']) {
      const res = await request(t.http).get(url).set('Origin', 'http://localhost:5173');
      expect([url, res.headers['access-control-allow-origin']]).toEqual([url, 'http://localhost:5173']);
      expect([url, res.headers['access-control-expose-headers']?.split(',')]).toEqual([
        url,
        expect.arrayContaining(['X-Request-Id', 'Retry-After', 'ETag']),
      ]);
      expect([url, res.headers.vary]).toEqual([url, expect.stringMatching(/Origin/)]);
    }
  });

  it('grants nothing to an origin that is not listed', async () => {
    const res = await request(t.http).get('/health').set('Origin', 'https://evil.example.net').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with CORS_ORIGINS=*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: '*' });
  });
  afterAll(() => t.close());

  it('lets any origin read answers (bearer tokens, no cookies: no credentials mode needed)', async () => {
    const res = await request(t.http).get('/health').set('Origin', 'https://anyone.example.org').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The HTTP conventions the service has kept since its first HTTP layer (Express), which
 * its Fastify layer reproduces (src/http-adapter.ts, src/common/response-conventions.ts,
 * src/common/json-body.ts): entity tags and 304s, UTF-8 text, paths matched regardless of
 * letter case and a trailing slash, compressed JSON bodies, and bodies judged on any method.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await request(t.http).post('/api/users').send({ username: 'etta', password: 'quartz-lantern-7' }).expect(201);
});
afterAll(() => t.close());

/** Sends the bytes as they are (superagent would serialise a Buffer given to `send` as JSON). */
function sendBytes(r: request.Test, bytes: Buffer): request.Test {
  r.set('Content-Length', String(bytes.length)).write(bytes);
  return r;
}

const problem = (res: request.Response) => res.body as ProblemDetails;

describe('entity tags', () => {
  it('tag every answer with a body weakly, and answer a GET whose If-None-Match holds with 304 and no body', async () => {
    const first = await request(t.http).get('/api/users/etta').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const again = await request(t.http).get('/api/users/etta').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers['content-type']).toBeUndefined();
    await request(t.http).get('/api/users/etta').set('If-None-Match', 'W/"0-stale"').expect(200);
    const missing = await request(t.http).get('/api/users/nobody-here').expect(404);
    expect(missing.headers.etag).toMatch(/^W\//);
  });
});

describe('text', () => {
  it.each([
    ['/docs', 'text/html; charset=utf-8'],
    ['/docs-yaml', 'text/yaml; charset=utf-8'],
    ['/docs-json', 'application/json; charset=utf-8'],
  ])('%s says it is UTF-8', async (url, type) => {
    const res = await request(t.http).get(url).expect(200);
    expect(res.headers['content-type']).toBe(type);
  });
});

describe('paths', () => {
  it('match regardless of letter case and of a trailing slash', async () => {
    await request(t.http).get('/API/Users/etta').expect(200);
    await request(t.http).get('/api/users/etta/').expect(200);
    await request(t.http).get('/health/').expect(200);
  });
});

describe('request bodies', () => {
  it('may be compressed (gzip), the limit applying to the JSON they hold', async () => {
    const login = gzipSync(JSON.stringify({ username: 'etta', password: 'quartz-lantern-7' }));
    const post = () =>
      request(t.http).post('/api/auth/token').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip');
    await sendBytes(post(), login).expect(200);
    const bomb = gzipSync(JSON.stringify({ username: 'etta', password: 'y'.repeat(200_000) }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect((await sendBytes(post(), bomb)).status).toBe(413);
    const unknown = await sendBytes(post().set('Content-Encoding', 'compress'), Buffer.from('{}'));
    expect([unknown.status, problem(unknown).code]).toEqual([415, 'unsupported-media-type']);
  });

  it('are judged whatever the method, and only a body has a media type to judge', async () => {
    const get = await request(t.http).get('/api/users/etta').set('Content-Type', 'text/plain').send('hello');
    expect([get.status, problem(get).code]).toEqual([415, 'unsupported-media-type']);
    // No body, so no media type to refuse, however malformed the header.
    const login = request(t.http).post('/api/auth/token').set('Content-Type', 'not a media type');
    const res = await login.send();
    expect([res.status, problem(res).code]).toEqual([400, 'validation-failed']);
  });
});

import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * No cache keeps private data (docs/architecture.md, "API conventions"): every answer to a request
 * that carries a bearer token is `Cache-Control: private, no-store`, on every route of the API
 * document that takes one (listed from the document itself, so a new route is covered), refusals
 * included; a new token is `private, no-store` too; a live stream opened with a token is; what is
 * public keeps its caching (board pictures, the public lists and profiles without a token).
 */
type Operation = { security?: Array<Record<string, unknown>>; responses: Record<string, { content?: object }> };

let t: TestApp;
let client: MatchClient;
let port: number;
let alice: Player;
let bob: Player;
let match: MatchStateJson;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  port = (t.http.address() as AddressInfo).port;
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
  match = await client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 1, colour: 'white' });
  await client.ok(bob, match.id, 'join');
}, 60_000);
afterAll(() => t.close());

/** Every operation of the API document: its method, path (parameters filled in) and whether it takes a token. */
async function operations(): Promise<Array<{ method: string; path: string; bearer: boolean; stream: boolean }>> {
  const doc = (await request(t.http).get('/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  const fill = (path: string) =>
    path
      .replace('{id}', match.id)
      .replace('{username}', 'alice')
      .replace('{opponent}', 'bob')
      .replace(/\{(seq|n)\}/, '1');
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method,
      path: fill(path),
      bearer: (op.security ?? []).some((requirement) => 'bearer' in requirement),
      stream: Object.values(op.responses).some((r) => 'text/event-stream' in (r.content ?? {})),
    })),
  );
}

function send(method: string, path: string, token?: string): request.Test {
  const req = (request(t.http) as unknown as Record<string, (path: string) => request.Test>)[method](path);
  if (token !== undefined) req.set('Authorization', `Bearer ${token}`);
  return ['post', 'patch', 'put'].includes(method) ? req.send({}) : req;
}

it('answers every request with a bearer token, on every route that takes one, private and not to be stored', async () => {
  const routes = (await operations()).filter((op) => op.bearer && !op.stream);
  expect(routes.length).toBeGreaterThan(20);
  // Logging out everywhere ends the token: last, so that the other routes answer as they would.
  routes.sort((a, b) => Number(a.path.endsWith('logout-all')) - Number(b.path.endsWith('logout-all')));
  const seen: string[] = [];
  for (const { method, path } of routes) {
    const res = await send(method, path, alice.token);
    seen.push(`${method.toUpperCase()} ${path} ${res.status} ${res.headers['cache-control']}`);
    if (res.headers['content-type']?.startsWith('image/svg+xml') === true) {
      // A board picture shows public facts; it varies by the caller's perspective and says so.
      expect(res.headers.vary).toMatch(/Authorization/);
    } else {
      expect(`${method} ${path}: ${res.headers['cache-control']}`).toBe(`${method} ${path}: private, no-store`);
    }
  }
  // Some answered as they do, some refused (a body of {} is no action): both are private.
  expect(seen.some((line) => / 200 /.test(line))).toBe(true);
  expect(seen.some((line) => / 4\d\d /.test(line))).toBe(true);
  alice = await client.login('alice');
});

it('answers a new token private and not to be stored', async () => {
  const res = await request(t.http)
    .post('/api/auth/token')
    .send({ username: 'bob', password: 'match-client-password' });
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers.pragma).toBe('no-cache');
});

it('sends live streams opened with a token as private and not to be stored, and the anonymous match stream as before', async () => {
  // The match of the routes above may be over by now (a leave with no body is a leave): a new one.
  const match = await client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 1 });
  const mine = await SseClient.open(port, '/api/users/me/stream', { authorization: `Bearer ${bob.token}` });
  const matchWithToken = await SseClient.open(port, `/api/matches/${match.id}/stream`, {
    authorization: `Bearer ${bob.token}`,
  });
  const anonymous = await SseClient.open(port, `/api/matches/${match.id}/stream`);
  try {
    expect([mine.status, matchWithToken.status, anonymous.status]).toEqual([200, 200, 200]);
    expect(mine.headers['cache-control']).toBe('private, no-store, no-transform');
    expect(matchWithToken.headers['cache-control']).toBe('private, no-store, no-transform');
    expect(anonymous.headers['cache-control']).toBe('no-cache, no-transform');
  } finally {
    for (const stream of [mine, matchWithToken, anonymous]) stream.close();
  }
});

it('leaves public answers without a token as they were: no no-store', async () => {
  for (const path of ['/api/users/alice', `/api/matches/${match.id}`, `/api/matches/${match.id}/events`]) {
    const res = await request(t.http).get(path).expect(200);
    expect(`${path}: ${res.headers['cache-control'] ?? ''}`).not.toMatch(/no-store/);
  }
  const picture = await request(t.http).get(`/api/matches/${match.id}/board.svg?seq=1`).expect(200);
  expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

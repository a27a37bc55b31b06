import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { buildOpenApiDocument } from '../src/openapi.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every endpoint of the OpenAPI document gets a battery of broken requests.
 * None may answer 5xx; every error is problem+json with a code; and the
 * database is exactly as before.
 */
let t: TestApp;
let token: string;
/** A match under way between two other players: the victim's token may read it but not act on it. */
let matchId: string;

async function tokenOf(username: string): Promise<string> {
  await request(t.http).post('/api/users').send({ username, password: 'quartz-lantern-5' }).expect(201);
  const issued = await request(t.http)
    .post('/api/auth/token')
    .send({ username, password: 'quartz-lantern-5' })
    .expect(200);
  return (issued.body as { accessToken: string }).accessToken;
}

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '100000' });
  token = await tokenOf('victim');
  const [owner, rival] = [await tokenOf('owner'), await tokenOf('rival')];
  const created = await request(t.http)
    .post('/api/matches')
    .set('Authorization', `Bearer ${owner}`)
    .send({ variant: 'backgammon', length: 3, opponent: 'rival' })
    .expect(201);
  matchId = (created.body as { id: string }).id;
  await request(t.http).post(`/api/matches/${matchId}/join`).set('Authorization', `Bearer ${rival}`).expect(200);
});
afterAll(() => t.close());

async function databaseSnapshot(): Promise<unknown> {
  return Promise.all([
    t.prisma.$queryRawUnsafe(
      `SELECT id, username, username_key, password_hash, rating, auto_play_forced, created_at, updated_at FROM users ORDER BY id`,
    ),
    t.prisma.$queryRawUnsafe(`SELECT to_jsonb(m)::text AS row FROM matches m ORDER BY id`),
    t.prisma.$queryRawUnsafe(`SELECT match_id, seq, data::text FROM match_events ORDER BY match_id, seq`),
    t.prisma.$queryRawUnsafe(`SELECT count(*)::int AS keys FROM idempotency_keys`),
  ]);
}

/** Real values for the path parameters: the match under way, its first event, the victim's name. */
function realPath(path: string): string {
  const values: Record<string, () => string> = { id: () => matchId, seq: () => '1', username: () => 'victim' };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (values[name] ?? (() => 'victim'))());
}

type Send = (r: request.Test) => request.Test;

/** Sends the bytes as they are (superagent would serialise a Buffer given to `send` as JSON). */
function sendBytes(r: request.Test, bytes: Buffer): request.Test {
  r.set('Content-Length', String(bytes.length)).write(bytes);
  return r;
}

function problem(res: request.Response): ProblemDetails {
  return res.body as ProblemDetails;
}

/** A JSON object holding arrays nested so that the body is `depth` levels deep (`{"a":[[…]]}`). */
function nestedBody(depth: number): string {
  return '{"a":' + '['.repeat(depth - 1) + '1' + ']'.repeat(depth - 1) + '}';
}
/** A well-formed request whose nested object carries a `__proto__` key (JSON.parse keeps it as an own key). */
const NESTED_PROTO =
  '{"username":"victim3","password":"victim-password","variant":"backgammon","dice":[3,1],' +
  '"position":{"player":{"points":[],"__proto__":{"admin":true}},"opponent":{"points":[]}}}';
/** A JSON object whose string holds a lone continuation byte and an overlong encoding: not UTF-8. */
const INVALID_UTF8 = Buffer.concat([
  Buffer.from('{"username":"vic'),
  Buffer.from([0x80, 0xc0, 0xaf]),
  Buffer.from('tim4","password":"victim-password"}'),
]);
const BODIES: Array<[string, Send]> = [
  ['malformed JSON', (r) => r.set('Content-Type', 'application/json').send('{"username": "x",')],
  ['truncated JSON', (r) => r.set('Content-Type', 'application/json').send('{')],
  ['JSON with a BOM-less garbage prefix', (r) => r.set('Content-Type', 'application/json').send(')]}\'{"a":1}')],
  ['text/plain body', (r) => r.set('Content-Type', 'text/plain').send('username=x')],
  ['form body', (r) => r.set('Content-Type', 'application/x-www-form-urlencoded').send('username=x&password=y')],
  ['XML body', (r) => r.set('Content-Type', 'application/xml').send('<a/>')],
  ['no content type with a body', (r) => r.set('Content-Type', '').send('{"a":1}')],
  ['JSON in another charset', (r) => r.set('Content-Type', 'application/json; charset=latin1').send('{"a":1}')],
  ['oversize body', (r) => r.send({ username: 'x', password: 'y'.repeat(200_000) })],
  ['array body', (r) => r.send([{ username: 'victim2', password: 'password' }])],
  ['JSON null', (r) => r.set('Content-Type', 'application/json').send('null')],
  ['JSON string', (r) => r.set('Content-Type', 'application/json').send('"hello"')],
  ['JSON number', (r) => r.set('Content-Type', 'application/json').send('42')],
  ['empty object', (r) => r.send({})],
  ['unknown fields only', (r) => r.send({ evil: true, __proto__: { admin: true } })],
  [
    'prototype pollution',
    (r) =>
      r
        .set('Content-Type', 'application/json')
        .send('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  ],
  [
    'wrong types',
    (r) => r.send({ username: 123, password: ['a'], value: 'x', moves: 'nope', variant: 7, dice: 'x', position: 5 }),
  ],
  ['nulls', (r) => r.send({ username: null, password: null })],
  ['nested objects', (r) => r.send({ username: { $ne: '' }, password: { $gt: '' } })],
  ['deeply nested', (r) => r.send(JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)))],
  [
    'nested 5,000 deep (10 KB; used to overflow the stack: a 500)',
    (r) => r.set('Content-Type', 'application/json').send(nestedBody(5000)),
  ],
  ['nested __proto__ key', (r) => r.set('Content-Type', 'application/json').send(NESTED_PROTO)],
  ['invalid UTF-8', (r) => sendBytes(r.set('Content-Type', 'application/json'), INVALID_UTF8)],
  ['huge strings', (r) => r.send({ username: 'u'.repeat(60_000) })],
  ['unicode', (r) => r.send({ username: 'ālīсе\u0000', password: '\ud800broken' })],
];
const AUTH: Array<[string, Send]> = [
  ['no token', (r) => r],
  ['garbage bearer', (r) => r.set('Authorization', 'Bearer abc.def.ghi')],
  ['basic auth', (r) => r.set('Authorization', 'Basic dmljdGltOnZpY3RpbS1wYXNzd29yZA==')],
  ['huge header', (r) => r.set('Authorization', 'Bearer ' + 'a'.repeat(6000))],
];
const BAD_PARAMS = [
  'a b',
  'x'.repeat(300),
  '%00',
  '..%2F..%2Fetc',
  '%E0%A4%A',
  "'; DROP TABLE users; --",
  '-1',
  '0',
  'null',
  '💥',
  // Well formed, but nothing has it: an unknown match, user or event.
  '3f1c2b9e-8d4a-4e6f-9a7b-5c0d1e2f3a4b',
];

interface Operation {
  method: string;
  path: string;
  params: string[];
  /** It takes a JSON request body. */
  hasBody: boolean;
  /** It answers a stream of server-sent events (read until its headers only: it never ends by itself). */
  streams: boolean;
}

function operations(): Operation[] {
  const doc = buildOpenApiDocument(t.app);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item[method] !== undefined)
      .map((method) => ({
        method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        hasBody: item[method]?.requestBody !== undefined,
        streams: JSON.stringify(item[method]?.responses?.['200'] ?? {}).includes('text/event-stream'),
      })),
  );
}

/**
 * Routes that take no body, so that any body with a valid token is a request like any other, which
 * changes the account the sweep uses: it ends its token (test/token-revocation.e2e-spec.ts tests
 * them), or makes it a bot's (test/bots.e2e-spec.ts). Swept without a token.
 */
const CHANGES_THE_ACCOUNT = new Set(['post /api/auth/logout-all', 'post /api/users/me/upgrade-to-bot']);

/** Paths of the streaming operations, matched against request URLs (a stream is closed once its headers are in). */
let streamingPaths: RegExp[] = [];

function call(method: string, url: string): request.Test {
  const req = (request(t.http) as unknown as Record<string, (u: string) => request.Test>)[method](url);
  if (!streamingPaths.some((path) => path.test(url.split('?')[0]))) return req;
  return req.buffer(false).parse((res, done) => {
    if (/text\/event-stream/.test(String(res.headers['content-type']))) {
      (res as unknown as { destroy(): void }).destroy();
      done(null, null);
      return;
    }
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => {
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, text);
      }
    });
  });
}

function checkAnswer(res: request.Response, what: string): void {
  expect([what, res.status < 500]).toEqual([what, true]);
  if (res.status >= 400) {
    expect([what, res.headers['content-type']]).toEqual([what, expect.stringMatching(/^application\/problem\+json/)]);
    expect([what, typeof problem(res).code, problem(res).status]).toEqual([what, 'string', res.status]);
  }
}

describe('malformed requests to every endpoint', () => {
  it('lists the endpoints under test from the OpenAPI document, the match routes among them', () => {
    expect(operations().length).toBeGreaterThanOrEqual(6);
    expect(operations().map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'post /api/matches',
        'get /api/matches/{id}',
        'get /api/matches/{id}/events',
        'get /api/matches/{id}/positions/{seq}',
        'post /api/matches/{id}/join',
        'post /api/matches/{id}/plays',
        'post /api/matches/{id}/resignation/accept',
        'post /api/matches/{id}/claim-timeout',
        'get /api/matches/{id}/export.mat',
        'get /api/matches/{id}/export.json',
        'post /api/matches/import',
      ]),
    );
  });

  it('never answer 5xx, always answer errors as problem+json, and change nothing in the database', async () => {
    streamingPaths = operations()
      .filter((op) => op.streams)
      .map((op) => new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`));
    expect(streamingPaths.length).toBeGreaterThanOrEqual(2);
    const before = await databaseSnapshot();
    let sent = 0;
    for (const op of operations()) {
      const goodPath = realPath(op.path);
      for (const [name, body] of BODIES) {
        const valid: [string, Send] = [`valid token`, (r) => r.set('Authorization', `Bearer ${token}`)];
        for (const [authName, auth] of CHANGES_THE_ACCOUNT.has(`${op.method} ${op.path}`)
          ? [AUTH[0]]
          : [AUTH[0], valid]) {
          const res = await body(auth(call(op.method, goodPath)));
          checkAnswer(res, `${op.method} ${goodPath} with ${name}, ${authName}`);
          const what = `${op.method} ${op.path} with ${name}, ${authName}`;
          // A read may answer anything but a 5xx; so may an empty PATCH (a change of nothing, checked by
          // the snapshot).
          const mayAccept =
            op.method === 'get' ||
            (op.method === 'patch' && name === 'empty object') ||
            // The preferences' PUT changes the kinds it is given (docs/email.md, "Preferences"): none.
            (`${op.method} ${op.path}` === 'put /api/users/me/notifications' && name === 'empty object') ||
            // A DELETE takes no body: deleting what is not there (no sign-in to end, no address) is an
            // idempotent 204, and the snapshot shows nothing changed.
            (op.method === 'delete' && res.status === 204) ||
            // Acknowledging the warnings takes no body: with none unseen it is an idempotent 204 that
            // changes nothing (docs/moderation.md, "Actions"), as the snapshot shows.
            (`${op.method} ${op.path}` === 'post /api/users/me/warnings/seen' && res.status === 204);
          if (!mayAccept) expect([what, res.status >= 400]).toEqual([what, true]);
          sent++;
        }
      }
      for (const [name, auth] of AUTH) {
        checkAnswer(await auth(call(op.method, goodPath)), `${op.method} ${goodPath} with ${name}`);
        sent++;
      }
      for (const p of op.params) {
        for (const bad of BAD_PARAMS) {
          const url = op.path.replace(
            `{${p}}`,
            bad.startsWith('%') || bad.includes('%2F') ? bad : encodeURIComponent(bad),
          );
          const res = await call(op.method, url).set('Authorization', `Bearer ${token}`);
          checkAnswer(res, `${op.method} ${url}`);
          expect([url, res.status >= 400]).toEqual([url, true]);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(await databaseSnapshot()).toEqual(before);
  });

  it('answers unknown routes and methods with 404 problem+json', async () => {
    for (const [method, url] of [
      ['get', '/api/nope'],
      ['delete', '/api/users/victim'],
      ['put', '/api/users'],
      ['get', '/api/auth/token'],
    ] as const) {
      const res = await call(method, url);
      expect(res.status).toBe(404);
      expect(problem(res).code).toBe('not-found');
    }
  });

  it('refuses over-deep nesting, prototype keys at any depth and invalid UTF-8 on every JSON endpoint, each with its code', async () => {
    const before = await databaseSnapshot();
    const jsonEndpoints = operations().filter((op) => op.hasBody);
    expect(jsonEndpoints.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'post /api/users',
        'post /api/auth/token',
        'post /api/positions/legal-plays',
        'post /api/matches/import',
      ]),
    );
    const cases: Array<[string, Send, string, RegExp]> = [
      ['5,000 levels', (r) => r.send(nestedBody(5000)), 'json-too-deep', /nested/],
      ['33 levels of objects', (r) => r.send('{"a":'.repeat(33) + '1' + '}'.repeat(33)), 'json-too-deep', /nested/],
      ['a top-level __proto__ key', (r) => r.send('{"__proto__":{"admin":true}}'), 'validation-failed', /__proto__/],
      ['a nested __proto__ key', (r) => r.send(NESTED_PROTO), 'validation-failed', /position\.player\.__proto__/],
      [
        'a constructor key',
        (r) => r.send('{"a":[{"constructor":{"prototype":{}}}]}'),
        'validation-failed',
        /a\.0\.constructor/,
      ],
      ['a prototype key', (r) => r.send('{"prototype":1}'), 'validation-failed', /prototype/],
      ['invalid UTF-8', (r) => sendBytes(r, INVALID_UTF8), 'invalid-utf8', /UTF-8/],
    ];
    const answers: Array<[string, number, string, string]> = [];
    const expected: typeof answers = [];
    for (const op of jsonEndpoints) {
      for (const [name, body, code, detail] of cases) {
        const what = `${op.method} ${op.path} with ${name}`;
        const res = await body(
          call(op.method, realPath(op.path))
            .set('Authorization', `Bearer ${token}`)
            .set('Content-Type', 'application/json'),
        );
        const answer = problem(res);
        const explained = JSON.stringify(answer.errors ?? answer.detail);
        answers.push([what, res.status, `${answer.code} (${String(res.headers['content-type'])})`, explained]);
        expected.push([
          what,
          400,
          `${code} (application/problem+json; charset=utf-8)`,
          detail.test(explained) ? explained : `matching ${String(detail)}`,
        ]);
      }
    }
    expect(answers).toEqual(expected);
    expect(await databaseSnapshot()).toEqual(before);
  });

  it('accepts JSON nested up to the depth limit (the limit refuses only deeper bodies)', async () => {
    const res = await request(t.http).post('/api/users').set('Content-Type', 'application/json').send(nestedBody(32));
    // 32 levels deep counting the body object: past the depth check, refused only as an unknown field.
    expect(res.status).toBe(400);
    expect(problem(res).code).toBe('validation-failed');
    expect(problem(res).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'a', constraint: 'unknown-field' })]),
    );
  });

  it('gives each kind of broken body its own code', async () => {
    const post = () => request(t.http).post('/api/users');
    expect(problem(await post().set('Content-Type', 'application/json').send('{')).code).toBe('malformed-json');
    expect((await post().set('Content-Type', 'text/plain').send('x')).status).toBe(415);
    const utf16 = Buffer.from('\ufeff{"username":"utf16","password":"utf16-password"}', 'utf16le');
    expect((await sendBytes(post().set('Content-Type', 'application/json; charset=utf-16'), utf16)).status).toBe(415);
    expect((await post().send({ username: 'x', password: 'y'.repeat(200_000) })).status).toBe(413);
    expect(problem(await post().send({ username: 'abc', password: 'password', extra: 1 })).code).toBe(
      'validation-failed',
    );
  });
});

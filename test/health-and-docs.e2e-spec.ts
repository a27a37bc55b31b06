import { readFileSync } from 'node:fs';
import type { ContentObject, OpenAPIObject, ReferenceObject, RequestBodyObject, ResponseObject } from '@nestjs/swagger';
import type { HealthCheckResult } from '@nestjs/terminus';
import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { connectPostgres } from '../src/database/pg-connection.js';
import { buildOpenApiDocument, sortKeysDeep } from '../src/openapi.js';
import { describeOnPostgres, testDatabaseMode } from './support/database-mode.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /health answers 200 while the process is up (liveness)', async () => {
    const res = await request(t.http).get('/health').expect(200);
    expect((res.body as HealthCheckResult).status).toBe('ok');
  });

  it('GET /health/ready answers 200 with the database up', async () => {
    const res = await request(t.http).get('/health/ready').expect(200);
    expect((res.body as HealthCheckResult).details.database?.status).toBe('up');
  });

  it.each(['/health%zz', '/health/ready%zz'])(
    'GET %s, a path that is not valid percent-encoding, answers the 400 bad-request problem the contract declares',
    async (url) => {
      const res = await request(t.http).get(url).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 400, code: 'bad-request' });
    },
  );
});

describeOnPostgres('readiness without a database', () => {
  let lost: TestApp;
  beforeAll(async () => {
    lost = await startTestApp();
  });
  afterAll(() => lost.close());

  it('GET /health/ready answers 503 with a plain reason, and no SQL state, database name or Prisma text', async () => {
    await request(lost.http).get('/health/ready').expect(200);
    const database = new URL(lost.db.url ?? '').pathname.slice(1);
    const admin = await connectPostgres(testDatabaseMode().adminUrl);
    try {
      await admin.exec(`DROP DATABASE "${database}" WITH (FORCE)`);
    } finally {
      await admin.close();
    }
    const res = await request(lost.http).get('/health/ready').expect(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 503,
      code: 'service-unavailable',
      checks: { error: { database: { status: 'down', message: 'The database does not answer.' } } },
    });
    const text = JSON.stringify(res.body as ProblemDetails).toLowerCase();
    for (const leak of [database, '3D000', 'prisma', 'invocation', 'postgres']) {
      expect([leak, text.includes(leak.toLowerCase())]).toEqual([leak, false]);
    }
  });
});

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The media types of a response or request body (none for a $ref). */
const contentOf = (part?: ResponseObject | RequestBodyObject | ReferenceObject): ContentObject =>
  (part && 'content' in part && part.content) || {};

describe('OpenAPI', () => {
  it('serves Swagger UI at /docs and the JSON spec at /docs-json', async () => {
    const ui = await request(t.http).get('/docs').expect(200);
    expect(ui.text).toContain('swagger-ui');
    const spec = (await request(t.http).get('/docs-json').expect(200)).body as OpenAPIObject;
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/auth/token', '/api/users/me', '/api/users/{username}', '/health']),
    );
  });

  it("lets Swagger UI's Try it out call the page's own origin, whatever its host and port", async () => {
    const spec = (await request(t.http).get('/docs-json').set('Host', 'games.example.org:8443').expect(200))
      .body as OpenAPIObject;
    // A relative server URL is resolved against the document's own address (OpenAPI 3, Server Object).
    expect(spec.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(JSON.stringify(spec)).not.toContain('localhost');
  });

  it('matches the committed openapi.json (regenerate with `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(sortKeysDeep(JSON.parse(JSON.stringify(buildOpenApiDocument(t.app))))).toEqual(committed);
  });

  it('documents for every operation a summary, an operationId, a success response and problem+json errors', async () => {
    const spec = (await request(t.http).get('/docs-json').expect(200)).body as OpenAPIObject;
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${path}`;
        expect([where, typeof op.summary]).toEqual([where, 'string']);
        expect([where, typeof op.operationId]).toEqual([where, 'string']);
        const statuses = Object.keys(op.responses);
        expect([where, statuses.some((s) => s.startsWith('2'))]).toEqual([where, true]);
        if (path.startsWith('/api/')) {
          const errors = statuses.filter((s) => Number(s) >= 400);
          expect([where, errors.length > 0]).toEqual([where, true]);
          for (const s of errors)
            expect([where, s, Object.keys(contentOf(op.responses[s]))]).toEqual([
              where,
              s,
              ['application/problem+json'],
            ]);
        }
        // Bodies are JSON; the one import of a whole match file also takes the .mat text as it is.
        const bodyTypes =
          where === 'POST /api/matches/import' ? ['text/plain', 'application/json'] : ['application/json'];
        if (op.requestBody) expect([where, Object.keys(contentOf(op.requestBody))]).toEqual([where, bodyTypes]);
      }
    }
    expect(spec.paths['/api/users/me'].get?.security).toEqual([{ bearer: [] }]);
  });
});

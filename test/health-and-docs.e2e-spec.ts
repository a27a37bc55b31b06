import { readFileSync } from 'node:fs';
import request from 'supertest';
import { buildOpenApiDocument, sortKeysDeep } from '../src/openapi.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /health answers 200 while the process is up (liveness)', async () => {
    const res = await request(t.http).get('/health').expect(200);
    expect(res.body.status).toBe('ok');
  });

  it('GET /health/ready answers 200 with the database up', async () => {
    const res = await request(t.http).get('/health/ready').expect(200);
    expect(res.body.details.database.status).toBe('up');
  });
});

describe('OpenAPI', () => {
  it('serves Swagger UI at /docs and the JSON spec at /docs-json', async () => {
    const ui = await request(t.http).get('/docs').expect(200);
    expect(ui.text).toContain('swagger-ui');
    const spec = await request(t.http).get('/docs-json').expect(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/auth/token', '/api/users/me', '/api/users/{username}', '/health']),
    );
  });

  it('matches the committed openapi.json (regenerate with `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(sortKeysDeep(JSON.parse(JSON.stringify(buildOpenApiDocument(t.app))))).toEqual(committed);
  });

  it('documents for every operation a summary, an operationId, a success response and problem+json errors', async () => {
    const spec = (await request(t.http).get('/docs-json').expect(200)).body;
    for (const [path, item] of Object.entries<Record<string, any>>(spec.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect([where, typeof op.summary]).toEqual([where, 'string']);
        expect([where, typeof op.operationId]).toEqual([where, 'string']);
        const statuses = Object.keys(op.responses);
        expect([where, statuses.some((s) => s.startsWith('2'))]).toEqual([where, true]);
        if (path.startsWith('/api/')) {
          const errors = statuses.filter((s) => Number(s) >= 400);
          expect([where, errors.length > 0]).toEqual([where, true]);
          for (const s of errors)
            expect([where, s, Object.keys(op.responses[s].content ?? {})]).toEqual([
              where,
              s,
              ['application/problem+json'],
            ]);
        }
        if (op.requestBody) expect([where, Object.keys(op.requestBody.content)]).toEqual([where, ['application/json']]);
      }
    }
    expect(spec.paths['/api/users/me'].get.security).toEqual([{ bearer: [] }]);
  });
});

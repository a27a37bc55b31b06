import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { buildOpenApiDocument } from '../src/openapi.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every 401 carries `WWW-Authenticate: Bearer` (RFC 9110 §11.6.1 requires a
 * challenge), with `error="invalid_token"` when the request presented a bearer
 * token that was refused (RFC 6750 §3.1).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * The operations of the OpenAPI document that document a 401 and require a token (`security: []`
 * is a public operation; an empty requirement makes the token optional), with their path parameters filled in.
 */
function guardedOperations(): Array<{ method: 'get' | 'post' | 'put' | 'patch' | 'delete'; url: string }> {
  const doc = buildOpenApiDocument(t.app);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => {
        const operation = item[method];
        const security = operation?.security;
        const optional = security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;
        return operation?.responses['401'] !== undefined && (security?.length ?? 0) > 0 && !optional;
      })
      .map((method) => ({ method, url: path.replace(/\{\w+\}/g, 'someone') })),
  );
}

/** The operations the document calls public (`security: []`, see src/common/api-public.decorator.ts). */
function publicOperations(): Array<{ method: 'get' | 'post' | 'put' | 'patch' | 'delete'; url: string }> {
  const doc = buildOpenApiDocument(t.app);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item[method]?.security?.length === 0)
      .map((method) => ({ method, url: path.replace(/\{\w+\}/g, 'someone') })),
  );
}

function call(method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string): request.Test {
  return request(t.http)[method](url);
}

describe('WWW-Authenticate on 401', () => {
  it('finds the bearer-guarded endpoints in the OpenAPI document', () => {
    expect(guardedOperations()).toEqual(expect.arrayContaining([{ method: 'get', url: '/api/users/me' }]));
  });

  it.each([
    ['no Authorization header', undefined, 'Bearer'],
    ['another scheme', 'Basic dmljdGltOnZpY3RpbS1wYXNzd29yZA==', 'Bearer'],
    ['a token that is no JWT', 'Bearer not-a-token', 'Bearer error="invalid_token"'],
    ['a forged JWT', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', 'Bearer error="invalid_token"'],
    ['a lower-case scheme with a bad token', 'bearer a.b.c', 'Bearer error="invalid_token"'],
  ])(
    'answers %s on every guarded endpoint with 401 and the Bearer challenge',
    async (_name, authorization, challenge) => {
      const answers: Array<[string, number, unknown]> = [];
      for (const { method, url } of guardedOperations()) {
        const req = call(method, url);
        if (authorization !== undefined) req.set('Authorization', authorization);
        const res = await req;
        answers.push([`${method} ${url}`, res.status, res.headers['www-authenticate']]);
      }
      expect(answers.length).toBeGreaterThan(0);
      expect(answers).toEqual(answers.map(([what]) => [what, 401, challenge]));
    },
  );

  it('answers no endpoint the document calls public (`security: []`) with 401 when no token is sent', async () => {
    const answers: Array<[string, boolean]> = [];
    for (const { method, url } of publicOperations()) {
      const res = await call(method, url);
      answers.push([`${method} ${url}`, res.status === 401]);
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers).toEqual(answers.map(([what]) => [what, false]));
  });

  it('challenges a failed password login too (401 invalid-credentials), without an error code', async () => {
    const res = await request(t.http)
      .post('/api/auth/token')
      .send({ username: 'nobody', password: 'wrong-password' })
      .expect(401);
    expect((res.body as ProblemDetails).code).toBe('invalid-credentials');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('sends no challenge with other errors', async () => {
    const res = await request(t.http).get('/api/users/nobody-here').expect(404);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });
});

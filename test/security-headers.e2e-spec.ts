import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

/** helmet's security headers on every response, with a Content-Security-Policy that Swagger UI at /docs lives with. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it.each([
    ['a JSON answer', '/health'],
    ['a problem', '/api/users/nobody-here'],
    ['an unknown route', '/nope'],
    ['Swagger UI', '/docs'],
  ])('come with %s', async (_what, url) => {
    const res = await request(t.http).get(url);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(directives(res.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('let Swagger UI render: every script and stylesheet of /docs is served from this origin and allowed by the CSP', async () => {
    const page = await request(t.http).get('/docs').expect(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:']));
    // A plain-HTTP server (development, or behind a TLS proxy) must not have its pages' assets upgraded to https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    const html = page.text;
    // script-src 'self' refuses inline scripts: Swagger UI's must all be files.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)=['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(assets).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/swagger-ui-bundle\.js$/),
        expect.stringMatching(/swagger-ui\.css$/),
      ]),
    );
    for (const asset of assets) {
      expect(asset).not.toMatch(/^[a-z]+:|^\/\//i);
      const url = new URL(asset, 'http://localhost/docs').pathname;
      const res = await request(t.http).get(url);
      expect([url, res.status, res.headers['content-type']]).toEqual([
        url,
        200,
        expect.stringMatching(/javascript|css|image/),
      ]);
    }
    // Swagger UI builds from the document it is given inline (swagger-ui-init.js), on this origin: nothing else to allow.
    const init = await request(t.http).get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"openapi"');
  });
});

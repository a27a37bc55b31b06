/**
 * The web client's shell (docs/architecture.md, "Web client"), served by the real service and run in
 * a real browser: each page path loads the client and draws a page with its heading, with no error
 * in the console and nothing axe finds serious; the service's own paths keep their own answers;
 * the client's assets are cached for good. The pages' contents are their own tests' business.
 */
import { readFileSync } from 'node:fs';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  PHONE,
  registerUser,
  screenshot,
  SESSION_KEY,
  signInPage,
  startWebApp,
  useWebHarness,
  WEB_DIST,
  type WebApp,
} from './support/index.js';

const PAGES = [
  { path: '/', name: 'home' },
  { path: '/signin', name: 'signin' },
  { path: '/signup', name: 'signup' },
  { path: '/leaderboard', name: 'leaderboard' },
] as const;

describeInBrowser('the web client in Chromium', () => {
  const web = useWebHarness();

  it.each(PAGES)(
    '$path draws its page in the shell: one visible h1 in main, no console error, and axe finds nothing serious or critical',
    async ({ path, name }) => {
      const page = await web.open(path);
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      expect(await page.locator('h1').count()).toBe(1);
      for (const landmark of ['header', 'nav', 'main']) expect(await page.locator(landmark).count()).toBe(1);
      await axeCheck(page, path);
      await screenshot(page, `shell-${name}`);
      expectNoPageErrors(page);
    },
  );

  it('a page path of the client that names no match, /matches/does-not-exist, shows the problem the API answered', async () => {
    const page = await web.open('/matches/does-not-exist');
    const title = page.locator('main [role="alert"] .problem-title');
    await title.waitFor();
    await expect(title.textContent()).resolves.toMatch(/\S/);
    await screenshot(page, 'shell-unknown-match');
    expectNoPageErrors(page, [
      {
        pattern: /Failed to load resource: the server responded with a status of (400|404)/,
        why: 'the page asks the API for a match that does not exist: Chromium logs the answer, the page shows it',
      },
    ]);
  });

  it('at 360 px wide the start page fits: nothing scrolls sideways', async () => {
    const page = await web.open('/', await web.person(PHONE));
    await page.locator('main h1').first().waitFor({ state: 'visible' });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'shell-home-360');
    expectNoPageErrors(page);
  });

  it('a page opened after signInPage is signed in: the session is where the client keeps it, and the header names the account', async () => {
    await registerUser(web.baseUrl, 'harness_alice', 'correct horse battery');
    const context = await web.person();
    const session = await signInPage(context, web.baseUrl, 'harness_alice', 'correct horse battery');
    const page = await web.open('/', context);
    const stored = JSON.parse(
      String(await page.evaluate(`localStorage.getItem(${JSON.stringify(SESSION_KEY)})`)),
    ) as unknown;
    expect(stored).toEqual({ username: 'harness_alice', token: session.token, expiresAt: session.expiresAt });
    await page.locator('header').getByText('harness_alice', { exact: true }).waitFor({ state: 'visible' });
    expectNoPageErrors(page);
  });
});

describe('what the service answers beside the web client', () => {
  let app: WebApp;
  let indexHtml: string;
  beforeAll(async () => {
    app = await startWebApp();
    indexHtml = readFileSync(`${WEB_DIST}index.html`, 'utf8');
  });
  afterAll(() => app.close());

  const get = (path: string) => fetch(new URL(path, app.baseUrl));

  it('the client page paths are its index.html, revalidated at each load', async () => {
    for (const { path } of PAGES) {
      const res = await get(path);
      expect([path, res.status, res.headers.get('content-type'), await res.text()]).toEqual([
        path,
        200,
        'text/html; charset=utf-8',
        indexHtml,
      ]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it.each(['/api/users/me', '/api/matches/does-not-exist', '/docs', '/docs-json', '/health'])(
    '%s keeps its own answer, not the client’s HTML',
    async (path) => {
      const res = await get(path);
      const body = await res.text();
      expect(body).not.toBe(indexHtml);
      expect(body).not.toContain('<div id="app">');
    },
  );

  it('an unknown path, /nope, is the API’s 404 problem', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(await res.text())).toMatchObject({ status: 404 });
  });

  it('the scripts and styles index.html names under /assets/ are served, cached for good (immutable)', async () => {
    const assets = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(1);
    for (const asset of assets) {
      const res = await get(asset);
      await res.arrayBuffer();
      expect([asset, res.status]).toEqual([asset, 200]);
      expect(res.headers.get('cache-control')).toMatch(/\bimmutable\b/);
    }
  });
});

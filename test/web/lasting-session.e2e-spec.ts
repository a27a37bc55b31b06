/**
 * The web client's lasting session (docs/architecture.md, "The web client's session"), in Chromium
 * against the real service: the refresh token lives in the httpOnly cookie alone; a token that has
 * expired, or that the service refuses, is renewed through POST /api/auth/refresh and the request
 * made again; two tabs renewing at once both stay signed in; signing out ends the sign-in.
 * Time moves on in the browser by Playwright's clock; the service's refusal of an expired token is
 * its 401, which a test answers in its place (the service's own tests cover its expiry).
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import {
  describeInBrowser,
  expectNoPageErrors,
  postJson,
  registerUser,
  screenshot,
  SESSION_KEY,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'lasting-password-1';
/** The shortest access token the service makes (JWT_TTL_SECONDS's least). */
const TTL_SECONDS = 60;
const TEST_TIMEOUT = 120_000;

let n = 0;

/** A new account, signed in on the sign-in page of a new person's browser; the page is at the lobby. */
async function signedInPerson(
  web: ReturnType<typeof useWebHarness>,
  origin = web.baseUrl,
): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const username = `lasting_${++n}`;
  await registerUser(web.baseUrl, username, PASSWORD);
  const context = await web.person();
  // Playwright's clock, so that a test can move the browser's time on; it flows as the real one meanwhile.
  await context.clock.install();
  const page = await context.newPage();
  await page.goto(new URL('/signin?next=%2Flobby', origin).toString());
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/lobby$/);
  await signedIn(page, username);
  return { context, page, username };
}

/** The header names the account, and the lobby shows the person's lists (their requests were answered). */
async function signedIn(page: Page, username: string): Promise<void> {
  await page.locator('header').getByText(username, { exact: true }).waitFor({ state: 'visible' });
}

async function lobbyLoaded(page: Page): Promise<void> {
  await page.locator('#my-turn').waitFor({ state: 'visible' });
  await page.getByText('Nothing is waiting for you.').waitFor({ state: 'visible' });
}

/** The requests to POST /api/auth/refresh `page` makes from now on, and their answers' statuses. */
function renewalsOf(page: Page): { requests: Request[]; statuses: () => Promise<number[]> } {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/refresh') requests.push(request);
  });
  return {
    requests,
    statuses: async () => Promise.all(requests.map(async (r) => (await r.response())?.status() ?? 0)),
  };
}

/** The session the client keeps (web/src/session.ts). */
async function stored(page: Page): Promise<{ token?: string; expiresAt?: number } | null> {
  const raw = await page.evaluate(`localStorage.getItem(${JSON.stringify(SESSION_KEY)})`);
  return JSON.parse(String(raw)) as { token?: string; expiresAt?: number } | null;
}
const storedToken = async (page: Page): Promise<string | undefined> => (await stored(page))?.token;

describeInBrowser('the lasting session of the web client', () => {
  const web = useWebHarness({ JWT_TTL_SECONDS: String(TTL_SECONDS), AUTH_THROTTLE_LIMIT: '1000' });

  it(
    'keeps the refresh token in the httpOnly cookie alone, out of document.cookie, localStorage and sessionStorage; a reload stays signed in',
    async () => {
      const { context, page, username } = await signedInPerson(web);
      const cookies = await context.cookies();
      const cookie = cookies.find((c) => c.name === 'nardy_refresh');
      // Chromium keeps the Secure cookie on http://127.0.0.1 (a trustworthy origin).
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/refresh' });
      expect(cookie?.value).toMatch(/^nardy_rt_/);
      const readable = String(
        await page.evaluate(
          `JSON.stringify([document.cookie, Object.entries(localStorage), Object.entries(sessionStorage)])`,
        ),
      );
      expect(readable).not.toContain('nardy_rt_');
      expect(readable).not.toContain(cookie?.value.slice('nardy_rt_'.length));

      await page.reload();
      await signedIn(page, username);
      await lobbyLoaded(page);
      expectNoPageErrors(page);
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps the Secure cookie on http://localhost too, where a developer runs the service',
    async () => {
      const { context, page, username } = await signedInPerson(web, web.baseUrl.replace('127.0.0.1', 'localhost'));
      expect((await context.cookies()).find((c) => c.name === 'nardy_refresh')).toMatchObject({
        domain: 'localhost',
        httpOnly: true,
        secure: true,
      });
      await context.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      await page.reload();
      await signedIn(page, username);
      await lobbyLoaded(page);
      expectNoPageErrors(page);
    },
    TEST_TIMEOUT,
  );

  it(
    'renews an expired token before a request, once, and a new visit after the token expired is signed in too',
    async () => {
      const { context, page, username } = await signedInPerson(web);
      await lobbyLoaded(page);
      const before = (await stored(page))?.expiresAt ?? Infinity;
      const renewals = renewalsOf(page);
      await context.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      await page.locator('header').getByRole('link', { name: 'Leaderboard' }).click();
      await page.locator('main h1').getByText('Leaderboard').waitFor();
      await page.locator('header').getByRole('link', { name: 'Lobby' }).click();
      await lobbyLoaded(page);
      expect(await renewals.statuses()).toEqual([200]);
      // A token for the browser's new time (the service's may be the same, made in the same second).
      expect((await stored(page))?.expiresAt).toBeGreaterThan(before + TTL_SECONDS * 1000);

      // A new visit (a new page of the same browser, the first closed), its stored token expired:
      // renewed as it loads.
      expectNoPageErrors(page);
      await page.close();
      await context.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      const later = await context.newPage();
      const laterRenewals = renewalsOf(later);
      await later.goto(web.url('/lobby'));
      await signedIn(later, username);
      await lobbyLoaded(later);
      await screenshot(later, 'lasting-session-renewed-lobby');
      expect(await laterRenewals.statuses()).toEqual([200]);
      expectNoPageErrors(later);
    },
    TEST_TIMEOUT,
  );

  it(
    'a request the service refuses with 401 (its token expired) is made again after one renewal, with the new token',
    async () => {
      const { page } = await signedInPerson(web);
      await lobbyLoaded(page);
      const first = `Bearer ${await storedToken(page)}`;
      // A token made in the same second as the first would be the same (its times are whole seconds).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const renewals = renewalsOf(page);
      const authorizations: string[] = [];
      // From now on the service takes the first token no more, as when it has expired.
      await page.route('**/api/users/me/matches?*', async (route) => {
        const authorization = (await route.request().headerValue('authorization')) ?? '';
        authorizations.push(authorization);
        if (authorization !== first) return route.fallback();
        // What the service answers for an expired token (src/security/bearer-auth.guard.ts).
        return route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthorized' }),
        });
      });
      await page.locator('header').getByRole('link', { name: 'Leaderboard' }).click();
      await page.locator('main h1').getByText('Leaderboard').waitFor();
      await page.locator('header').getByRole('link', { name: 'Lobby' }).click();
      await lobbyLoaded(page);
      const renewed = `Bearer ${await storedToken(page)}`;
      expect(renewed).not.toBe(first);
      // However many requests were refused at once, one renewal, and each was made again with its token.
      expect(await renewals.statuses()).toEqual([200]);
      const refused = authorizations.filter((a) => a === first).length;
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(authorizations.filter((a) => a === renewed).length).toBeGreaterThanOrEqual(refused);
      expectNoPageErrors(page, [
        {
          pattern: /Failed to load resource: the server responded with a status of 401/,
          why: 'the test answers one request with the 401 of an expired token; Chromium logs it, the client renews',
        },
      ]);
    },
    TEST_TIMEOUT,
  );

  it(
    'a live stream refused with 401 (its token expired) is opened again after a renewal, and its events arrive',
    async () => {
      const { page, username } = await signedInPerson(web);
      await lobbyLoaded(page);
      const bob = await registerUser(web.baseUrl, `${username}_bob`, PASSWORD);
      const first = `Bearer ${await storedToken(page)}`;
      // A token made in the same second as the first would be the same (its times are whole seconds).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const renewals = renewalsOf(page);
      // From now on the service takes the first token no more on the player stream, as when it has expired.
      await page.route('**/api/users/me/stream', async (route) => {
        if ((await route.request().headerValue('authorization')) !== first) return route.fallback();
        return route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthorized' }),
        });
      });
      // The service ends the open stream (as it does when its token expires): the page opens it again.
      web.app.t.http.closeAllConnections();
      await page.getByText('Live: the lists update as your matches go on.').waitFor({ timeout: 30_000 });
      await postJson(web.baseUrl, '/api/matches', { variant: 'backgammon', length: 1, opponent: username }, bob.token);
      await page.locator('header .your-turn').waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.title()).toBe('(1) Your turn · Lobby · Nardy');
      expect(await renewals.statuses()).toEqual([200]);
      expectNoPageErrors(page, [
        {
          pattern: /Failed to load resource: the server responded with a status of 401/,
          why: 'the test answers the stream with the 401 of an expired token; Chromium logs it, the client renews',
        },
        { pattern: /net::ERR|Failed to fetch/, why: 'the service cut the open stream on purpose' },
      ]);
    },
    TEST_TIMEOUT,
  );

  it(
    'two tabs whose token expired renew at the same moment and both stay signed in; the sign-in lives on',
    async () => {
      const { context, page, username } = await signedInPerson(web);
      const other = await web.open('/lobby', context);
      await lobbyLoaded(other);
      const renewals = [renewalsOf(page), renewalsOf(other)];
      await context.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      await Promise.all([page.reload(), other.reload()]);
      for (const tab of [page, other]) {
        await signedIn(tab, username);
        await lobbyLoaded(tab);
      }
      const statuses = [...(await renewals[0].statuses()), ...(await renewals[1].statuses())];
      expect(statuses.length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 200)).toBe(true);

      // The sign-in was not ended by a reuse: it renews again.
      await context.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      await other.reload();
      await signedIn(other, username);
      await lobbyLoaded(other);
      expect((await renewals[1].statuses()).every((status) => status === 200)).toBe(true);
      expectNoPageErrors(page);
      expectNoPageErrors(other);
    },
    TEST_TIMEOUT,
  );

  it(
    'signing out ends the sign-in: the cookie is gone, its refresh token is refused, and a reload stays signed out',
    async () => {
      const { context, page } = await signedInPerson(web);
      const refreshToken = (await context.cookies()).find((c) => c.name === 'nardy_refresh')?.value;
      expect(refreshToken).toBeDefined();
      await page
        .locator('header')
        .getByRole('link', { name: /^lasting_/ })
        .click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.locator('header').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'visible' });
      expect((await context.cookies()).find((c) => c.name === 'nardy_refresh')).toBeUndefined();
      const answer = await fetch(web.url('/api/auth/refresh'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(answer.status).toBe(401);
      await page.reload();
      await page.locator('header').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'visible' });
      expect(await page.locator('header').getByRole('link', { name: 'Lobby' }).count()).toBe(0);
      expectNoPageErrors(page);
    },
    TEST_TIMEOUT,
  );
  it(
    'signing out everywhere ends the other browsers’ sign-ins too: their next renewal signs them out',
    async () => {
      const { context, page, username } = await signedInPerson(web);
      const elsewhere = await web.person();
      await elsewhere.clock.install();
      const there = await elsewhere.newPage();
      await there.goto(web.url('/signin?next=%2Flobby'));
      await there.getByLabel('Username').fill(username);
      await there.getByLabel('Password').fill(PASSWORD);
      await there.getByRole('button', { name: 'Sign in' }).click();
      await lobbyLoaded(there);

      await page.locator('header').getByRole('link', { name: username }).click();
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.locator('header').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'visible' });
      expect((await context.cookies()).find((c) => c.name === 'nardy_refresh')).toBeUndefined();

      // The other browser's token has been revoked: its renewal is refused, and it is signed out.
      await elsewhere.clock.fastForward(TTL_SECONDS * 1000 + 1000);
      await there.reload();
      await there.locator('header').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'visible' });
      expectNoPageErrors(page);
      expectNoPageErrors(there, [
        {
          pattern: /Failed to load resource: the server responded with a status of 401/,
          why: 'the renewal of a sign-in ended everywhere is refused; Chromium logs it, the client signs out',
        },
      ]);
    },
    TEST_TIMEOUT,
  );
});

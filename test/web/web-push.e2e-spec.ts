/**
 * The installable client and its notifications in a real Chromium (docs/web-push.md): the manifest
 * is served and Chromium reads it without error; the service worker registers at /sw.js for the
 * scope /; a push delivered to it through the DevTools protocol, as the push service would deliver
 * one, shows a notification of the match; the page a click on it brings forward is the match's;
 * and the account page's switch turns push on and off through the API.
 *
 * What is not proven here, and why: Chromium's push service (Google's) is out of reach, so
 * `pushManager.subscribe` is replaced in the switch's test by a stand-in answering a subscription of
 * a local endpoint (the service's side of a real push is test/push-notifications.e2e-spec.ts's); and
 * a notification cannot be clicked through the DevTools protocol, nor can a script grant a worker
 * the right to focus or open a window, so the click's test runs the worker's own `pageOf` and
 * `windowOn` (what its notificationclick handler calls) in the worker, and opens the page they name.
 */
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'correct horse battery';
/** Deadlines for what the browser does, far beyond what a loaded machine needs; each test may take twice that. */
const DEADLINE_MS = 45_000;
const TEST_TIMEOUT_MS = 120_000;

async function poll<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`gave up after ${DEADLINE_MS} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The page's service worker, active, with its scope and script. */
function activeWorker(page: Page): Promise<{ scope: string; script: string }> {
  return page.evaluate<{ scope: string; script: string }>(
    `navigator.serviceWorker.ready.then((r) => ({ scope: r.scope, script: r.active.scriptURL }))`,
  );
}

/** The context's service worker as Playwright reaches it (to run code in it). */
function workerOf(context: BrowserContext): Promise<Worker> {
  const [worker] = context.serviceWorkers();
  return worker ? Promise.resolve(worker) : context.waitForEvent('serviceworker');
}

/** The registration id DevTools knows the service worker of `origin` by. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const seen: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => seen.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const found = await poll('the service worker registration', () =>
    Promise.resolve(seen.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)),
  );
  return found.registrationId;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url: string; id: string | null };
}

const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate<ShownNotification[]>(
    `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
       all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))`,
  );

describeInBrowser('web push and the installable client in Chromium', () => {
  const web = useWebHarness({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });

  it(
    'serves the manifest, its icons and the service worker with their types; Chromium reads the manifest without error',
    async () => {
      const manifestAnswer = await fetch(web.url('/manifest.webmanifest'));
      expect(manifestAnswer.status).toBe(200);
      expect(manifestAnswer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await manifestAnswer.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; type: string; sizes: string }>;
      };
      expect(manifest).toMatchObject({ short_name: 'Nardy', start_url: '/', display: 'standalone' });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.icons.map((i) => i.type).sort()).toEqual(['image/png', 'image/png', 'image/svg+xml']);
      for (const icon of manifest.icons) {
        const answer = await fetch(web.url(icon.src));
        expect([icon.src, answer.status, answer.headers.get('content-type')]).toEqual([icon.src, 200, icon.type]);
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (icon.type === 'image/png') {
          // The PNG's own width and height (its IHDR chunk) are the size the manifest says.
          expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
        }
      }
      // Only the files named: nothing else of the build, and nothing outside it.
      for (const path of ['/icons/nope.png', '/icons/..%2F..%2Fpackage.json', '/icons/..%2Findex.html'])
        expect([path, (await fetch(web.url(path))).status]).toEqual([path, 404]);
      const sw = await fetch(web.url('/sw.js'));
      expect(sw.status).toBe(200);
      expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(sw.headers.get('cache-control')).toBe('no-cache');

      const page = await web.open('/');
      const cdp = await page.context().newCDPSession(page);
      const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(read.url).toBe(web.url('/manifest.webmanifest'));
      expect(read.errors).toEqual([]);
      expectNoPageErrors(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'registers the service worker for the whole client; a push shows a notification of the match, and its click leads to the match page',
    async () => {
      const [ann, ben] = [
        await registerUser(web.baseUrl, 'push_ann', PASSWORD),
        await registerUser(web.baseUrl, 'push_ben', PASSWORD),
      ];
      const matchId = await startMatchBetween(web.baseUrl, ann, ben);
      const context = await web.person();
      await context.grantPermissions(['notifications'], { origin: web.baseUrl });
      await signInPage(context, web.baseUrl, 'push_ann', PASSWORD);
      const page = await web.open('/', context);
      expect(await activeWorker(page)).toEqual({ scope: web.url('/'), script: web.url('/sw.js') });

      const cdp = await context.newCDPSession(page);
      const payload = {
        id: '7f0c8b8e-3b9e-4f2b-9d59-2d7d5e0f6a10',
        type: 'turn',
        matchId,
        title: 'Your turn against push_ben',
        body: 'push_ben rolled 6-5 and played 24/13.',
        url: web.url(`/matches/${matchId}`),
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: web.baseUrl,
        registrationId: await registrationId(cdp, web.baseUrl),
        data: JSON.stringify(payload),
      });
      const [shown] = await poll('the notification', async () => {
        const all = await shownNotifications(page);
        return all.length > 0 && all;
      });
      expect(shown).toEqual({
        title: payload.title,
        body: payload.body,
        tag: matchId,
        data: { url: payload.url, id: payload.id },
      });

      // The click: what the worker's notificationclick handler does, run in the worker.
      const worker = await workerOf(context);
      const click = `self.registration.getNotifications().then(async ([n]) => {
       const url = pageOf(n.data); const open = await windowOn(url); return { url, open: open && open.url }; })`;
      expect(await worker.evaluate(click)).toEqual({ url: payload.url, open: null });
      const matchPage = await web.open(`/matches/${matchId}`, context);
      await matchPage.locator('main h1').first().waitFor({ state: 'visible', timeout: DEADLINE_MS });
      // With the match's page open, a click brings that window forward rather than opening another.
      expect(await worker.evaluate(click)).toEqual({ url: payload.url, open: payload.url });
      await screenshot(matchPage, 'push-notification-match-page');

      // A payload naming another site leads to this client's page of the same path, never away.
      expect(await worker.evaluate(`pageOf({ url: 'https://elsewhere.example/matches/x?y=1' })`)).toBe(
        web.url('/matches/x?y=1'),
      );
      expectNoPageErrors(page);
      expectNoPageErrors(matchPage);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the account page turns notifications on (permission, subscribe with the service key, POST) and off (DELETE, unsubscribe)',
    async () => {
      await registerUser(web.baseUrl, 'push_cat', PASSWORD);
      const context = await web.person();
      await context.grantPermissions(['notifications'], { origin: web.baseUrl });
      await signInPage(context, web.baseUrl, 'push_cat', PASSWORD);
      // Chromium's own push service is out of reach: subscribe answers a subscription of a local
      // endpoint, keeping the key it was asked with, as a browser would once its push service answered.
      const endpoint = web.url('/push-endpoint-stand-in/cat');
      await context.addInitScript({
        content: `(() => {
        const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
        let current = null;
        PushManager.prototype.getSubscription = async function () { return current; };
        PushManager.prototype.subscribe = async function (options) {
          const key = new Uint8Array(options.applicationServerKey);
          localStorage.setItem('test.subscribed-with', btoa(String.fromCharCode(...key)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, ''));
          current = {
            endpoint: ${JSON.stringify(endpoint)}, expirationTime: null,
            toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys }; },
            async unsubscribe() { current = null; localStorage.setItem('test.unsubscribed', '1'); return true; },
          };
          return current;
        };
      })();`,
      });
      const page = await web.open('/account', context);
      const state = page.locator('[data-push-state]');
      await poll('the switch, off', async () => (await state.getAttribute('data-push-state')) === 'off');
      await axeCheck(page, '/account');
      await screenshot(page, 'push-switch-off');
      const count = async (): Promise<number> => {
        const rows = await web.app.t.prisma.pushSubscription.count({ where: { endpoint } });
        return rows;
      };

      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await poll('the switch, on', async () => (await state.getAttribute('data-push-state')) === 'on');
      const { publicKey } = (await (await fetch(web.url('/api/push/public-key'))).json()) as { publicKey: string };
      expect(await page.evaluate(`localStorage.getItem('test.subscribed-with')`)).toBe(publicKey);
      expect(await count()).toBe(1);
      await screenshot(page, 'push-switch-on');

      await page.getByRole('button', { name: 'Turn off notifications' }).click();
      await poll('the switch, off again', async () => (await state.getAttribute('data-push-state')) === 'off');
      expect(await count()).toBe(0);
      expect(await page.evaluate(`localStorage.getItem('test.unsubscribed')`)).toBe('1');
      expectNoPageErrors(page);
    },
    TEST_TIMEOUT_MS,
  );
});

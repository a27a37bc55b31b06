/**
 * The harness of the web client's e2e tests (docs/architecture.md, "Tests in a real browser"):
 * `useWebHarness()` inside a `describeInBrowser` block starts the service on its own database and
 * a headless Chromium before the block's tests, and closes both after them, browser first, so
 * that the Jest run ends with no process or connection left.
 */
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { CHROMIUM_PLACES } from '../../support/chromium.js';
import { CHROMIUM, DESKTOP, launchBrowser, newPerson } from './browser.js';
import { watchPage } from './page-errors.js';
import { startWebApp, type WebApp } from './web-app.js';

/** Starting the service and Chromium, or closing them, takes a few seconds on a shared machine. */
const START_TIMEOUT = 120_000;

/**
 * `describe` when Chromium is installed; otherwise the block is skipped, saying so in its name and
 * on the console (as test/board-pictures.e2e-spec.ts does).
 */
export function describeInBrowser(name: string, fn: () => void): void {
  if (CHROMIUM !== null) {
    describe(name, fn);
    return;
  }
  console.warn(`${name}: no Chromium (${CHROMIUM_PLACES}): the browser tests are SKIPPED.`);
  describe.skip(`${name} [SKIPPED: Chromium is not installed]`, fn);
}

export interface WebHarness {
  /** http://127.0.0.1:<port> of the running service. */
  readonly baseUrl: string;
  readonly app: WebApp;
  readonly browser: Browser;
  /** The absolute URL of a path of the service. */
  url(path: string): string;
  /** A new person: a browser context of their own at `viewport`, every page of which is watched for errors. */
  person(viewport?: ViewportSize): Promise<BrowserContext>;
  /** A new page of `context` (default: a new person at the desktop size) at `path`, loaded. */
  open(path: string, context?: BrowserContext): Promise<Page>;
}

/** Registers the harness's beforeAll and afterAll in the enclosing describe block. */
export function useWebHarness(env: Record<string, string | undefined> = {}): WebHarness {
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the web harness has no ${what}: use it inside a test, after beforeAll`);
    return value;
  };

  beforeAll(async () => {
    app = await startWebApp(env);
    browser = await launchBrowser();
  }, START_TIMEOUT);

  afterAll(async () => {
    // The browser first: its open connections (event streams) would hold the server's close.
    await browser?.close();
    await app?.close();
  }, START_TIMEOUT);

  const harness: WebHarness = {
    get baseUrl() {
      return started(app, 'service').baseUrl;
    },
    get app() {
      return started(app, 'service');
    },
    get browser() {
      return started(browser, 'browser');
    },
    url: (path) => new URL(path, harness.baseUrl).toString(),
    person: async (viewport = DESKTOP) => {
      const context = await newPerson(harness.browser, viewport);
      context.on('page', watchPage);
      return context;
    },
    open: async (path, context) => {
      const page = await (context ?? (await harness.person())).newPage();
      // The 'page' event comes first for pages the context opens; this covers contexts made elsewhere.
      watchPage(page);
      await page.goto(harness.url(path));
      return page;
    },
  };
  return harness;
}

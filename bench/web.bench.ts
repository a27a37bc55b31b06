/**
 * The match page's first render in a real browser (`npm run bench:web`).
 *
 * Starts dist/main.js as a production process on a fresh database of its own on a real PostgreSQL
 * (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres), serving the built web
 * client; registers two players and starts a match between them (invited and joined, so the match
 * page has a board); then, in headless Chromium (playwright-core), opens /matches/<id> signed in as
 * the first player BENCH_WEB_RUNS (20) times:
 * - cold: a new browser context each time (no cache, no storage but the session);
 * - warm: one context whose cache one untimed load has filled, a new page each time;
 * and times, from the navigation's start in the page's own clock (performance.now()): the board's
 * <svg> in the DOM (BOARD_SELECTOR), DOMContentLoaded, and the first <svg> inside main; with the
 * wall time Playwright saw from goto to the board. As a same-run reference, it loads /health (a
 * trivial page of the same server) cold as many times: speeds on shared machines swing 2×, so the
 * figure to report is the ratio of the board's median to the reference's.
 * Prints ONE JSON line with median and p90 of each figure and the ratios. Exits non-zero on errors
 * only. Until the match page draws its board, BOARD_SELECTOR never appears: the bench then says so
 * and times FALLBACK_SELECTOR (the page's heading) instead.
 *
 * Knobs: BENCH_WEB_RUNS (20), BENCH_LOG_LEVEL (the server's LOG_LEVEL; its default when unset).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { withBenchServer } from './bench-server.js';
import { runBench } from './run-bench.js';
import { registerUser, startMatchBetween, type AccountSession } from '../test/web/support/api.js';
import { CHROMIUM_PLACES } from '../test/support/chromium.js';
import { CHROMIUM, DESKTOP, launchBrowser, newPerson } from '../test/web/support/browser.js';
import { storeSession } from '../test/web/support/sign-in.js';

/** The board the match page draws (web/src/board/): its root <svg>. */
const BOARD_SELECTOR = 'main .play-area svg.board-view';
/** What is timed while the match page draws no board: its heading. */
const FALLBACK_SELECTOR = 'main h1';
/** Any picture in the page's main part. */
const FIRST_SVG_SELECTOR = 'main svg';
/** How long a load may take to show what is timed. */
const LOAD_TIMEOUT_MS = 15_000;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const RUNS = runs();
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

function runs(): number {
  const raw = process.env.BENCH_WEB_RUNS;
  if (raw === undefined || raw === '') return 20;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_WEB_RUNS must be a whole number >= 1 (got ${raw})`);
  return n;
}

function progress(message: string): void {
  process.stderr.write(`bench:web: ${message}\n`);
}

/**
 * Runs in the page before its scripts: notes performance.now() when each selector first matches
 * (a MutationObserver's callback runs right after the DOM change, before the next paint).
 * A string, as the bench's tsconfig has no DOM types.
 */
const OBSERVER_SCRIPT = `(() => {
  const selectors = ${JSON.stringify([BOARD_SELECTOR, FALLBACK_SELECTOR, FIRST_SVG_SELECTOR])};
  const marks = (window.__benchMarks = {});
  const look = () => {
    for (const s of selectors) if (!(s in marks) && document.querySelector(s)) marks[s] = performance.now();
    if (selectors.every((s) => s in marks)) observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
})();`;

interface LoadFigures {
  /** From the navigation's start to the timed element in the DOM, in the page's clock. */
  readonly shownMs: number;
  readonly domContentLoadedMs: number | null;
  readonly firstSvgInMainMs: number | null;
  /** From goto to the timed element, as Playwright saw it. */
  readonly wallMs: number;
}

/** Opens `url` in a new page of `context` and times it until `selector` is in the DOM. */
async function timedLoad(context: BrowserContext, url: string, selector: string): Promise<LoadFigures> {
  const page: Page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForSelector(selector, { state: 'attached', timeout: LOAD_TIMEOUT_MS });
    const wallMs = performance.now() - started;
    const marks = await page.evaluate<{ marks: Record<string, number>; domContentLoaded: number }>(`(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      return { marks: window.__benchMarks, domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0 };
    })()`);
    const shown = marks.marks[selector];
    if (shown === undefined) throw new Error(`${selector} is in the page but was not seen appearing`);
    return {
      shownMs: shown,
      // 0 while the event has not ended (the element came first).
      domContentLoadedMs: marks.domContentLoaded > 0 ? marks.domContentLoaded : null,
      firstSvgInMainMs: marks.marks[FIRST_SVG_SELECTOR] ?? null,
      wallMs,
    };
  } finally {
    await page.close();
  }
}

/** Loads /health (JSON, shown as text) in a new page of `context`: navigation start to its load event. */
async function timedReference(context: BrowserContext, url: string): Promise<{ loadMs: number; wallMs: number }> {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    const wallMs = performance.now() - started;
    const loadMs = await page.evaluate<number>(`performance.getEntriesByType('navigation')[0].loadEventEnd`);
    return { loadMs, wallMs };
  } finally {
    await page.close();
  }
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** Median and p90 (nearest rank) of the figures, in ms; null when there are none. */
function summary(values: ReadonlyArray<number | null>): { median: number; p90: number; n: number } | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (p: number): number => round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return { median: rank(0.5), p90: rank(0.9), n: sorted.length };
}

function loadSummary(loads: readonly LoadFigures[]) {
  return {
    shownMs: summary(loads.map((l) => l.shownMs)),
    domContentLoadedMs: summary(loads.map((l) => l.domContentLoadedMs)),
    firstSvgInMainMs: summary(loads.map((l) => l.firstSvgInMainMs)),
    wallMs: summary(loads.map((l) => l.wallMs)),
  };
}

/** A person signed in as `session` whose pages note when the timed elements appear. */
async function person(browser: Browser, base: string, session: AccountSession): Promise<BrowserContext> {
  const context = await newPerson(browser, DESKTOP);
  await storeSession(context, base, session);
  await context.addInitScript({ content: OBSERVER_SCRIPT });
  return context;
}

/** The selector to time: the board's, or the fallback (with a warning) when the page draws no board yet. */
async function timedSelector(browser: Browser, base: string, url: string, session: AccountSession): Promise<string> {
  const context = await person(browser, base, session);
  try {
    await timedLoad(context, url, BOARD_SELECTOR);
    return BOARD_SELECTOR;
  } catch (error) {
    progress(
      `WARNING: no ${BOARD_SELECTOR} on the match page within ${LOAD_TIMEOUT_MS} ms ` +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}): timing ${FALLBACK_SELECTOR} instead`,
    );
    await timedLoad(context, url, FALLBACK_SELECTOR);
    return FALLBACK_SELECTOR;
  } finally {
    await context.close();
  }
}

/** The loads, timed, and the JSON line printed. */
async function measure(browser: Browser, base: string, matchUrl: string, white: AccountSession): Promise<number> {
  progress(`Chromium ${browser.version()}; ${RUNS} loads of the match page, cold then warm, and of /health`);

  const selector = await timedSelector(browser, base, matchUrl, white);
  const cold: LoadFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await person(browser, base, white);
    try {
      cold.push(await timedLoad(context, matchUrl, selector));
    } finally {
      await context.close();
    }
  }
  const warm: LoadFigures[] = [];
  const returning = await person(browser, base, white);
  try {
    await timedLoad(returning, matchUrl, selector);
    for (let i = 0; i < RUNS; i++) warm.push(await timedLoad(returning, matchUrl, selector));
  } finally {
    await returning.close();
  }
  const reference: Array<{ loadMs: number; wallMs: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newPerson(browser, DESKTOP);
    try {
      reference.push(await timedReference(context, `${base}/health`));
    } finally {
      await context.close();
    }
  }

  const referenceLoad = summary(reference.map((r) => r.loadMs));
  const coldFigures = loadSummary(cold);
  const warmFigures = loadSummary(warm);
  const ratio = (figure: { median: number } | null): number | null =>
    figure === null || referenceLoad === null || referenceLoad.median === 0
      ? null
      : Math.round((figure.median / referenceLoad.median) * 100) / 100;
  const line = {
    runs: RUNS,
    timed: selector,
    boardDrawn: selector === BOARD_SELECTOR,
    chromium: browser.version(),
    cold: coldFigures,
    warm: warmFigures,
    reference: {
      path: '/health',
      loadMs: referenceLoad,
      wallMs: summary(reference.map((r) => r.wallMs)),
    },
    // The board's median over /health's (both from navigation start, in the page's clock).
    coldToReference: ratio(coldFigures.shownMs),
    warmToReference: ratio(warmFigures.shownMs),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return 0;
}

async function main(): Promise<number> {
  if (!existsSync(fileURLToPath(new URL('../../web/index.html', import.meta.url))))
    throw new Error('dist/web/index.html is missing: run `npm run build`');
  if (CHROMIUM === null) throw new Error(`no Chromium (${CHROMIUM_PLACES}): install it`);
  const budgetMs = (90 + RUNS * 3 * (LOAD_TIMEOUT_MS / 1000)) * 1000;
  return withBenchServer({ name: 'bench:web', main: MAIN, adminUrl: ADMIN_URL, budgetMs }, async (server) => {
    const base = server.base;
    const password = randomBytes(12).toString('hex');
    const prefix = `w${randomBytes(3).toString('hex')}`;
    const white = await registerUser(base, `${prefix}_white`, password);
    const black = await registerUser(base, `${prefix}_black`, password);
    const matchUrl = `${base}/matches/${await startMatchBetween(base, white, black)}`;
    const browser = await launchBrowser();
    try {
      return await measure(browser, base, matchUrl, white);
    } finally {
      await browser.close();
    }
  });
}

runBench('bench:web', main);

/**
 * The browser of the web client's tests and of bench:web (docs/architecture.md, "Tests in a real
 * browser"): Debian's Chromium driven by playwright-core, headless. Nothing here needs Jest.
 */
import { chromium, type Browser, type BrowserContext, type ViewportSize } from 'playwright-core';
import { findChromium } from '../../support/chromium.js';

/** Chromium's path, or null when it is not installed (the tests are then skipped). */
export const CHROMIUM: string | null = findChromium();

/** A person at a desk. */
export const DESKTOP: ViewportSize = { width: 1280, height: 800 };
/** A person on a small phone: the narrowest width the pages must work at. */
export const PHONE: ViewportSize = { width: 360, height: 740 };

/**
 * Headless Chromium. No sandbox (the tests run as root in containers, where Chromium's sandbox
 * cannot start); /dev/shm is small in containers, so Chromium keeps its shared memory in /tmp.
 */
export async function launchBrowser(executablePath: string | null = CHROMIUM): Promise<Browser> {
  if (executablePath === null) throw new Error('no Chromium: install it (Debian: apt-get install chromium)');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--hide-scrollbars'],
  });
}

/** One person's browser: a context of its own (own cookies, storage and cache) at the given viewport. */
export function newPerson(browser: Browser, viewport: ViewportSize = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}

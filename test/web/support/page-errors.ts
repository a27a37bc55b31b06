/**
 * What went wrong in a page that the page itself did not show: console errors (a failed request,
 * a warning Preact raises as an error, a refused Content-Security-Policy) and uncaught exceptions.
 * Every page of a harness context is watched from its creation (web-harness.ts).
 */
import type { Page } from 'playwright-core';

const seen = new WeakMap<Page, string[]>();

/** Starts recording `page`'s console errors and uncaught exceptions (once per page). */
export function watchPage(page: Page): void {
  if (seen.has(page)) return;
  const errors: string[] = [];
  seen.set(page, errors);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    errors.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  page.on('crash', () => errors.push('the page crashed'));
}

/** The errors recorded so far in `page`. */
export function pageErrors(page: Page): readonly string[] {
  const errors = seen.get(page);
  if (errors === undefined) throw new Error('this page is not watched: open it through the harness (or watchPage it)');
  return errors;
}

/** An error a test expects, and why: e.g. the browser's own log line for an answer the page shows. */
export interface ExpectedError {
  readonly pattern: RegExp;
  readonly why: string;
}

/**
 * No console error and no uncaught exception in `page` so far, but those a test names in
 * `expected`, each with its reason (nothing is ignored silently).
 */
export function expectNoPageErrors(page: Page, expected: readonly ExpectedError[] = []): void {
  const unexpected = pageErrors(page).filter((error) => !expected.some((e) => e.pattern.test(error)));
  expect({ page: page.url(), errors: unexpected }).toEqual({ page: page.url(), errors: [] });
}

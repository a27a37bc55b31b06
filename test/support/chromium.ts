import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Debian's Chromium, which the tests that draw or browse run (the board pictures, the web client in
 * a real browser, bench:web): /usr/bin/chromium, or chromium / chromium-browser on the PATH; null when
 * it is not installed, and those tests say they are skipped (CI installs it: .ci/run).
 */
export function findChromium(): string | null {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const candidates = [
    '/usr/bin/chromium',
    ...dirs.flatMap((d) => ['chromium', 'chromium-browser'].map((n) => join(d, n))),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Where findChromium looks, for the messages of tests skipped without it. */
export const CHROMIUM_PLACES = '/usr/bin/chromium, or chromium on the PATH';

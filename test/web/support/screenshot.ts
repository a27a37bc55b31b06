/**
 * Pictures of pages for people to look at (the figures of docs and of CI runs): PNGs under
 * test-artifacts/web/ at the repository's root, which git ignores and CI leaves behind.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-artifacts/web/', import.meta.url));

/** Saves the whole of `page` as test-artifacts/web/<name>.png; returns the file's path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name))
    throw new Error(`screenshot name ${JSON.stringify(name)}: use a-z, 0-9, . _ -`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

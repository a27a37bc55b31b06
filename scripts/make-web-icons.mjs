// Draws the web client's PNG icons (web/public/icons/icon-192.png and icon-512.png) from its SVG icon
// with Debian's Chromium, for the browsers that want a PNG in the web app manifest (docs/web-push.md,
// "Installing the client"). Run it after changing icon.svg: node scripts/make-web-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = new URL('../web/public/icons/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', dir), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: new URL(`icon-${size}.png`, dir).pathname, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}

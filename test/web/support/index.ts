/** The harness of the web client's browser tests (docs/architecture.md, "Tests in a real browser"). */
export { postJson, registerUser, startMatchBetween, tokenFor, type AccountSession } from './api.js';
export { axeCheck, type AxeViolation } from './axe-check.js';
export { CHROMIUM, DESKTOP, launchBrowser, newPerson, PHONE } from './browser.js';
export { expectNoPageErrors, pageErrors, watchPage, type ExpectedError } from './page-errors.js';
export { SCREENSHOT_DIR, screenshot } from './screenshot.js';
export { SESSION_KEY, signInPage, storeSession } from './sign-in.js';
export { requireBuiltClient, startWebApp, WEB_DIST, type WebApp } from './web-app.js';
export { describeInBrowser, useWebHarness, type WebHarness } from './web-harness.js';

/**
 * Opening pages already signed in: the session is put where the web client keeps it (localStorage
 * `nardy.session`, JSON `{ username, token, expiresAt }`: web/src/session.ts) before any script of
 * the page runs. Nothing here needs Jest.
 */
import type { BrowserContext } from 'playwright-core';
import { tokenFor, type AccountSession } from './api.js';

/** The client's key (web/src/session.ts). */
export const SESSION_KEY = 'nardy.session';
/** Set once the session has been stored, so that signing out in the page is not undone by the next load. */
const STORED_KEY = 'nardy.test.session-stored';

/**
 * Every page of `context` on `baseUrl`'s origin starts signed in as `session`. The init script runs
 * at each load, so it stores the session only the first time: a test that signs out stays signed out.
 */
export async function storeSession(context: BrowserContext, baseUrl: string, session: AccountSession): Promise<void> {
  const origin = new URL(baseUrl).origin;
  const value = JSON.stringify({ username: session.username, token: session.token, expiresAt: session.expiresAt });
  // A string, not a function: the root tsconfig has no DOM types, and the script runs in the page.
  await context.addInitScript({
    content:
      `if (location.origin === ${JSON.stringify(origin)} && localStorage.getItem(${JSON.stringify(STORED_KEY)}) === null) {` +
      ` localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(value)});` +
      ` localStorage.setItem(${JSON.stringify(STORED_KEY)}, '1'); }`,
  });
}

/** Signs `username` in through the API and makes every page of `context` open signed in as them. */
export async function signInPage(
  context: BrowserContext,
  baseUrl: string,
  username: string,
  password: string,
): Promise<AccountSession> {
  const session = await tokenFor(baseUrl, username, password);
  await storeSession(context, baseUrl, session);
  return session;
}

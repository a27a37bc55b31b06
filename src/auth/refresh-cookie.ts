import { REFRESH_IDLE_MS } from './auth.service.js';

/** The cookie that carries a browser's refresh token (docs/architecture.md, "Refresh tokens"). */
export const REFRESH_COOKIE = 'nardy_refresh';

/** The one path the browser sends it to. */
export const REFRESH_PATH = '/api/auth/refresh';

/**
 * The Set-Cookie value for a refresh token: httpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it), Secure (https, or http://localhost in browsers), sent back to
 * POST /api/auth/refresh only, kept as long as the token may stay unused.
 */
export function refreshCookie(value: string): string {
  const maxAge = Math.floor(REFRESH_IDLE_MS / 1000);
  return `${REFRESH_COOKIE}=${value}; Path=${REFRESH_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

/** The Set-Cookie value that makes the browser forget its refresh token (signing out). */
export function clearedRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; Path=${REFRESH_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

/** The refresh token of a Cookie header, if it holds one. */
export function refreshTokenOfCookies(header: string | undefined): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === REFRESH_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

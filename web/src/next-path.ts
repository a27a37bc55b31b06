/**
 * Where signing in returns to: the `?next=` of the sign-in page, when it is a page of this site.
 * Anything else (another site, `//host`, a `javascript:` address) goes to the lobby instead, so that
 * a link cannot send a person elsewhere after they sign in.
 */

export const AFTER_SIGN_IN = '/lobby';

/** The page to open after signing in. */
export function nextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return AFTER_SIGN_IN;
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return AFTER_SIGN_IN;
  return next;
}

/** The sign-in page's address that comes back to `path` (with its query). */
export function signInPath(path: string): string {
  return `/signin?next=${encodeURIComponent(path)}`;
}

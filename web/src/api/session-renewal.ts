/**
 * Keeping the session alive (docs/architecture.md, "The web client's session"): an access token
 * near its expiry, or refused, is renewed with POST /api/auth/refresh, which the browser sends the
 * httpOnly `nardy_refresh` cookie to; signing out ends the sign-in with DELETE /api/auth/refresh.
 *
 * Each refresh token works once, and a second use ends the whole sign-in (docs/architecture.md,
 * "Refresh tokens"). So renewals never overlap: one at a time in a tab (callers at the same moment
 * share it), and one at a time across the tabs of the browser (a Web Lock), each sending the cookie
 * as the one before left it. Under the lock, a token another tab got meanwhile is taken instead.
 */
import { currentBan, noticeBan } from './ban-notice.js';
import { currentSession, setSession, storedSession, type Session } from '../session.js';

/** A token this close to its expiry is renewed before it is sent: a request takes a while on its way. */
const EARLY_MS = 30_000;
/** The Web Lock the tabs of this origin renew under. */
const LOCK = 'nardy.session-renewal';

let renewing: Promise<Session | null> | null = null;

const fresh = (session: Session): boolean => session.expiresAt - EARLY_MS > Date.now();

/** The session, with its token renewed first when it is near its expiry; null when signed out. */
export async function freshSession(): Promise<Session | null> {
  const session = currentSession();
  if (session === null || fresh(session)) return session;
  return renewSession(session.token);
}

/**
 * Renews the session whose token `stale` has expired or was refused. Null when the sign-in is over
 * (then signed out here too); the session as it is when the service could not be asked (no network,
 * too many requests): the next request tries again.
 */
export function renewSession(stale: string): Promise<Session | null> {
  renewing ??= underLock(() => renew(stale)).finally(() => {
    renewing = null;
  });
  return renewing;
}

/** Signs out: ends this browser's sign-in on the service, which clears the cookie, then forgets the session. */
export async function endSignIn(): Promise<void> {
  try {
    await underLock(() => fetch('/api/auth/refresh', { method: 'DELETE', cache: 'no-store' }));
  } catch {
    // Offline: the session is forgotten here all the same; its refresh token expires unused.
  }
  setSession(null);
}

/** `task` under the renewal lock where the browser has Web Locks (secure contexts); as it is elsewhere. */
async function underLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  return locks === undefined ? task() : await locks.request(LOCK, task);
}

async function renew(stale: string): Promise<Session | null> {
  const stored = storedSession();
  // Signed out in another tab meanwhile; or renewed there: its token is this tab's too.
  if (stored === null) return null;
  if (stored.token !== stale && fresh(stored)) {
    setSession(stored);
    return stored;
  }
  let response: Response;
  let answer: { accessToken?: unknown; expiresIn?: unknown };
  try {
    // No body token: the browser sends the cookie (same origin, the refresh path).
    response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      cache: 'no-store',
    });
    // A banned account's sign-in is over too; the banned page says why (ban-notice.ts).
    if (response.status === 403) await noticeBan(response);
    if (response.status === 403 && currentBan() !== null) {
      setSession(null);
      return null;
    }
    if (response.status === 400 || response.status === 401) {
      // No cookie, or a sign-in that is over (expired, signed out, ended everywhere).
      setSession(null);
      return null;
    }
    if (!response.ok) return currentSession();
    answer = (await response.json()) as typeof answer;
  } catch {
    return currentSession();
  }
  if (typeof answer.accessToken !== 'string' || typeof answer.expiresIn !== 'number') return currentSession();
  const session: Session = {
    // The same sign-in's: the same account.
    username: stored.username,
    token: answer.accessToken,
    expiresAt: Date.now() + answer.expiresIn * 1000,
  };
  setSession(session);
  return session;
}

/**
 * Who is signed in (docs/architecture.md, "The web client's session"): the short access token and
 * the username, kept in localStorage so that a reload or a second tab stays signed in. The refresh
 * token is never seen here: it lives in the httpOnly cookie `nardy_refresh`, which the browser sends
 * to POST /api/auth/refresh alone; the token the sign-in answer also holds in its body is dropped.
 * A session whose access token has expired is renewed there (api/session-renewal.ts). Pages read
 * the session with `useSession` and are re-rendered when it changes.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Session {
  readonly username: string;
  readonly token: string;
  /** When the token expires (ms since the epoch). */
  readonly expiresAt: number;
}

const KEY = 'nardy.session';
const listeners = new Set<() => void>();

/**
 * The stored session, its token expired or not: an expired one still says that this browser signed
 * in, and that its refresh cookie may renew it (api/session-renewal.ts).
 */
export function storedSession(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.username !== 'string' || typeof value.token !== 'string' || typeof value.expiresAt !== 'number')
      return null;
    return value as Session;
  } catch {
    return null;
  }
}

let current: Session | null = storedSession();

/**
 * The session, signed in until a renewal fails or the person signs out: its token may have expired,
 * and the requests renew it first (api/session-renewal.ts).
 */
export function currentSession(): Session | null {
  return current;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setSession(session: Session | null): void {
  current = session;
  if (session === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(session));
  notify();
}

/** Another tab signed in or out, or renewed the token. */
window.addEventListener('storage', (event) => {
  if (event.key !== KEY) return;
  current = storedSession();
  notify();
});

export function useSession(): Session | null {
  const [session, set] = useState(currentSession());
  useEffect(() => {
    const listener = (): void => set(currentSession());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return session;
}

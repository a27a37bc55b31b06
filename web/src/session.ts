/**
 * Who is signed in: the bearer token and the username, kept in localStorage so that a reload or a
 * second tab stays signed in. Pages read it with `useSession` and are re-rendered when it changes.
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

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.username !== 'string' || typeof value.token !== 'string' || typeof value.expiresAt !== 'number')
      return null;
    return value.expiresAt > Date.now() ? (value as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();

export function currentSession(): Session | null {
  if (current !== null && current.expiresAt <= Date.now()) setSession(null);
  return current;
}

export function setSession(session: Session | null): void {
  current = session;
  if (session === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(session));
  for (const listener of listeners) listener();
}

/** Another tab signed in or out. */
window.addEventListener('storage', (event) => {
  if (event.key !== KEY) return;
  current = read();
  for (const listener of listeners) listener();
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

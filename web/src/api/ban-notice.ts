/**
 * A banned account (docs/moderation.md, "Bans"): any answer 403 `account-banned`, at sign-in, at a
 * renewal or on any request, says the account is banned, why and until when. The app then shows the
 * banned page in place of every other (app.tsx), which asks nothing more of the API.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Ban {
  readonly reason: string;
  /** When the ban lifts itself (ISO date-time); null for a ban without end. */
  readonly until: string | null;
  /** The problem's own words, in the account's language. */
  readonly title: string;
  readonly detail: string;
}

let current: Ban | null = null;
const listeners = new Set<() => void>();

function read(body: unknown): Ban | null {
  if (typeof body !== 'object' || body === null) return null;
  const p = body as Record<string, unknown>;
  if (p.code !== 'account-banned') return null;
  return {
    reason: typeof p.reason === 'string' ? p.reason : '',
    until: typeof p.until === 'string' ? p.until : null,
    title: typeof p.title === 'string' ? p.title : '',
    detail: typeof p.detail === 'string' ? p.detail : '',
  };
}

/** Takes note of a ban an answer tells of, and gives the answer back unread. */
export async function noticeBan(answer: Response): Promise<Response> {
  if (answer.status !== 403) return answer;
  try {
    const ban = read(await answer.clone().json());
    if (ban !== null) setBan(ban);
  } catch {
    // Not a problem document: not a ban.
  }
  return answer;
}

export function setBan(ban: Ban | null): void {
  current = ban;
  for (const listener of listeners) listener();
}

export function currentBan(): Ban | null {
  return current;
}

export function useBan(): Ban | null {
  const [ban, set] = useState(current);
  useEffect(() => {
    const listener = (): void => set(current);
    listeners.add(listener);
    listener();
    return () => void listeners.delete(listener);
  }, []);
  return ban;
}

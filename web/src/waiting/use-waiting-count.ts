/**
 * How many matches wait for the signed-in person to act (the inbox, GET /api/users/me/matches with
 * `awaiting=me`), kept current: read again after the events of their player stream (a burst of
 * them reads it once, a moment after the last), when that stream is live again after a drop, and
 * when the page comes back into view.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.js';
import { subscribePlayerStream } from '../api/stream.js';

/** A page of the inbox: beyond it the count is shown as "100+". */
const PAGE = 100;
const QUIET_MS = 700;

/** How many matches wait (0 when none does), `more` when there are more than a page of them ("100+"). */
export interface WaitingCount {
  readonly count: number;
  readonly more: boolean;
}

/** The matches waiting for `player`; null while unknown (signed out, or not read yet). */
export function useWaitingCount(player: string | null): WaitingCount | null {
  const [count, setCount] = useState<WaitingCount | null>(null);
  useEffect(() => {
    setCount(null);
    if (player === null) return;
    let gone = false;
    let asked = 0;
    const read = async (): Promise<void> => {
      const ask = ++asked;
      try {
        const inbox = await call(
          api.GET('/api/users/me/matches', { params: { query: { awaiting: 'me', limit: PAGE } } }),
        );
        // Only the latest reading counts: an older answer may come after a newer one.
        if (gone || ask !== asked) return;
        setCount({ count: inbox.items.length, more: inbox.next !== null });
      } catch {
        // Kept as it was: the next event or showing the page reads it again.
      }
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => void read(), QUIET_MS);
    };
    const shown = (): void => {
      if (document.visibilityState === 'visible') soon();
    };
    void read();
    // Each time the stream is live again (after a drop, a renewal), read again: what happened while
    // it was down may not come as events.
    let wasLive = false;
    const stop = subscribePlayerStream(soon, (status) => {
      if (status === 'live' && wasLive) soon();
      if (status === 'live') wasLive = true;
    });
    document.addEventListener('visibilitychange', shown);
    return () => {
      gone = true;
      clearTimeout(timer);
      stop();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [player]);
  return count;
}

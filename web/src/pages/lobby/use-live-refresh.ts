/**
 * The lobby's lists follow what happens in the person's matches: every event of the player stream
 * (a join, a roll, a play, a match's end…) asks for a refresh, a burst of them only one, a moment
 * after the last.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { subscribePlayerStream } from '../../api/stream.js';

const QUIET_MS = 700;

/** Calls `refresh` after events of `player`'s stream (none signed out); returns whether the stream is live. */
export function useLiveRefresh(player: string | null, refresh: () => void): boolean {
  const [live, setLive] = useState(false);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    setLive(false);
    if (player === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribePlayerStream(
      () => {
        clearTimeout(timer);
        timer = setTimeout(() => latest.current(), QUIET_MS);
      },
      (status: string) => setLive(status === 'live'),
    );
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [player]);
  return live;
}

import { useEffect, useState } from 'preact/hooks';
import { absoluteTime, relativeTime } from './relative-time.js';

/** The time now, again every `everyMs`, so that "in 5 minutes" keeps true while the page is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A time as "in 3 hours" or "2 days ago", the date and time in full on hover and in `datetime`. */
export function TimeText({ at, prefix = '' }: { readonly at: string; readonly prefix?: string }) {
  const now = useNow(30_000);
  const full = absoluteTime(at);
  return (
    <time dateTime={at} title={full}>
      {prefix}
      {relativeTime(at, now)}
    </time>
  );
}

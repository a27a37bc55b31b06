/**
 * Times as people read them: "in 2 days" or "3 hours ago" next to a deadline or a date, with the
 * absolute time beside it (a `<time>` element's title; see time-text.tsx).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit first; a time is told in the largest unit it reaches. */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** `at` seen from `now` (ms since the epoch): "in 3 hours", "2 days ago", or "now" within a minute. */
export function relativeTime(at: string | number | Date, now: number): string {
  const diff = new Date(at).getTime() - now;
  if (Number.isNaN(diff)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.trunc(diff / size), unit);
  }
  return 'now';
}

/** `at` as a date and time ("24 Nov 2026, 20:19" in British English), in the reader's zone unless told. */
export function absoluteTime(
  at: string | number | Date,
  options: { readonly locale?: string; readonly timeZone?: string } = {},
): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

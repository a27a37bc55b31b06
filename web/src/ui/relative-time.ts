/**
 * Times as people read them: "in 2 days" or "3 hours ago" next to a deadline or a date, with the
 * absolute time beside it (a `<time>` element's title; see time-text.tsx), in the locale of the
 * language the pages are in.
 */
import { activeLocale, t } from '../i18n/index.js';

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

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** `at` seen from `now` (ms since the epoch): "in 3 hours", "2 days ago", or "now" within a minute. */
export function relativeTime(at: string | number | Date, now: number): string {
  const diff = new Date(at).getTime() - now;
  if (Number.isNaN(diff)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relativeFormat(activeLocale()).format(Math.trunc(diff / size), unit);
  }
  return t('ui.time.now');
}

/** `at` as a date and time ("24 Nov 2026, 20:19" in British English), in the active locale and the reader's zone unless told. */
export function absoluteTime(
  at: string | number | Date,
  options: { readonly locale?: string; readonly timeZone?: string } = {},
): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(options.locale ?? activeLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

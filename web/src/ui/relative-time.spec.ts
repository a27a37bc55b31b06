import { absoluteTime, relativeTime } from './relative-time.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const at = (ms: number): number => NOW + ms;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('tells a time within a minute as now, either side', () => {
    expect(relativeTime(at(0), NOW)).toBe('now');
    expect(relativeTime(at(59_000), NOW)).toBe('now');
    expect(relativeTime(at(-59_000), NOW)).toBe('now');
  });

  it('tells a deadline to come in the largest unit it reaches, never rounding it up', () => {
    expect(relativeTime(at(5 * MINUTE), NOW)).toBe('in 5 minutes');
    expect(relativeTime(at(HOUR + 59 * MINUTE), NOW)).toBe('in 1 hour');
    expect(relativeTime(at(DAY + 23 * HOUR), NOW)).toBe('in 1 day');
    expect(relativeTime(at(3 * DAY), NOW)).toBe('in 3 days');
    expect(relativeTime(at(15 * DAY), NOW)).toBe('in 2 weeks');
  });

  it('tells a past time as so long ago', () => {
    expect(relativeTime(at(-2 * HOUR), NOW)).toBe('2 hours ago');
    expect(relativeTime(at(-400 * DAY), NOW)).toBe('1 year ago');
  });

  it('reads ISO timestamps as the API sends them, and gives nothing for one it cannot read', () => {
    expect(relativeTime('2026-11-27T12:00:00.000Z', NOW)).toBe('in 3 days');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('absoluteTime', () => {
  it('gives the date and time in the locale and zone asked for', () => {
    expect(absoluteTime('2026-11-24T20:19:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('24 Nov 2026, 20:19');
    expect(absoluteTime('2026-11-24T20:19:00Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe(
      '25 Nov 2026, 05:19',
    );
  });

  it('gives nothing for a time it cannot read', () => {
    expect(absoluteTime('soon')).toBe('');
  });
});

import { Clock } from '../../src/common/clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock the test moves by hand (docs/rules.md M5: deadlines are days long,
 * and tests never sleep). Injected in place of the app's Clock through
 * startTestApp's provider overrides.
 */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date | string = '2026-03-02T09:00:00.000Z') {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Sets the time; it may not go back (a clock the service trusts never does). */
  set(instant: Date | string): void {
    const next = new Date(instant).getTime();
    if (Number.isNaN(next) || next < this.current)
      throw new RangeError(`ManualClock cannot go back to ${String(instant)}`);
    this.current = next;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`ManualClock moves forward only (got ${ms} ms)`);
    this.current += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * DAY_MS);
  }
}

export const DAY = DAY_MS;

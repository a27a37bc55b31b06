/**
 * The time as the use cases see it. Injected, so that tests move it instead of
 * sleeping (correspondence deadlines are days long).
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The machine's clock. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

import type { NoAnswerReason } from '../house-bots/index.js';

/** How often, at most, a summary line counts the stand-ins of one reason. */
export const STAND_IN_SUMMARY_MS = 60_000;

/** Where the lines go: a Nest Logger's `warn`. */
export interface WarningLog {
  warn(message: string): void;
}

/** A reason's minute: the stand-ins counted since its last line, and the latest one's words. */
interface Window {
  count: number;
  latest: string;
  readonly timer: NodeJS.Timeout;
}

/**
 * The warnings that `bot` stood in for gnubg (docs/bots.md, "Deciding"), without flooding the log
 * while gnubg is saturated: the first stand-in of each reason is logged in full, the next ones are
 * counted, and at the end of each minute that counted any, one line says how many (and the latest);
 * after a minute with none, the next is logged in full again. Its timers do not hold the process
 * open, and `stop` clears them.
 */
export class StandInLog {
  private readonly windows = new Map<NoAnswerReason, Window>();

  constructor(
    private readonly log: WarningLog,
    private readonly windowMs = STAND_IN_SUMMARY_MS,
  ) {}

  /** `bot` stood in for gnubg for `reason`; `message` says where and why. */
  stoodIn(reason: NoAnswerReason, message: string): void {
    const window = this.windows.get(reason);
    if (window !== undefined) {
      window.count++;
      window.latest = message;
      return;
    }
    this.log.warn(message);
    this.open(reason);
  }

  /** Clears the timers; what they counted is not logged. */
  stop(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private open(reason: NoAnswerReason): void {
    const timer = setTimeout(() => this.close(reason), this.windowMs);
    timer.unref();
    this.windows.set(reason, { count: 0, latest: '', timer });
  }

  /** The minute is over: one line if it counted any, and a new minute to count in. */
  private close(reason: NoAnswerReason): void {
    const window = this.windows.get(reason);
    this.windows.delete(reason);
    if (window === undefined || window.count === 0) return;
    this.log.warn(
      `bot stood in for gnubg ${window.count} more time(s) (${reason}) in the last ${this.windowMs / 1000} s; the latest: ${window.latest}`,
    );
    this.open(reason);
  }
}

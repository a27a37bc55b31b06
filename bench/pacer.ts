/**
 * Start times handed out at a steady rate to many loops that share them: an
 * open-loop schedule, as wrk2's `-R`, so that latency is measured at a given
 * load instead of at whatever load a closed loop drives the server to.
 *
 * A loop asks for a slot before each action. Slots are 1/rate apart; a loop
 * that asks after its slot has passed goes at once, and the schedule carries
 * on from then: slots missed while the server lags are not banked and fired
 * later in a burst. The rate achieved is therefore at most the rate asked, and
 * falls below it when the server (or too few loops) cannot keep up: the figures
 * the bench prints include the rate achieved.
 */
export class Pacer {
  private next: number;
  private readonly gapMs: number;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
  ) {
    if (!(perSecond > 0)) throw new Error(`a pacer needs a positive rate (got ${perSecond})`);
    this.gapMs = 1000 / perSecond;
    this.next = now();
  }

  /** Waits for this loop's next slot. */
  async slot(): Promise<void> {
    const now = this.now();
    const at = Math.max(this.next, now);
    this.next = at + this.gapMs;
    if (at > now) await this.sleep(at - now);
  }
}

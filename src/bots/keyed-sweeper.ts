/**
 * A sweeper of keyed work (docs/bots.md, "The worker"): a sweep asks what
 * waits (`find`), leaving out the keys worked on now and those resting after
 * a failure, and starts one task per key found; a key is worked on by one
 * task at a time. Sweeps asked for while one runs make one more sweep after
 * it, at least `gap` ms later; a sweep that ran while tasks worked (and so
 * left their keys out) is followed by another when a task ends, for what it
 * may have hidden. A failed task's key rests `restMs` before it is found
 * again. Nothing here knows what the work is: the house bots' worker gives
 * it its queries and its decisions.
 */
import { LRUCache } from 'lru-cache';

export interface SweeperOptions<T> {
  /** What waits now, leaving out `busy` keys: each with its key. */
  readonly find: (busy: readonly string[]) => Promise<readonly T[]>;
  readonly keyOf: (item: T) => string;
  /** Works on one item; a rejection makes its key rest. */
  readonly work: (item: T) => Promise<void>;
  /** Told a sweep's own failure (a task's failure is `work`'s to report). */
  readonly sweepFailed: (err: unknown) => void;
  /** The least time between two sweeps asked for while one ran. */
  readonly gapMs: number;
  /** How long a failed key rests. */
  readonly restMs: number;
  /** Failed keys remembered at most. */
  readonly maxResting?: number;
  /** Monotonic time in ms. */
  readonly now?: () => number;
}

export class KeyedSweeper<T> {
  private readonly working = new Map<string, Promise<void>>();
  private readonly resting: LRUCache<string, number>;
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private sweptWhileWorking = false;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: SweeperOptions<T>) {
    this.resting = new LRUCache({ max: options.maxResting ?? 10_000 });
    this.now = options.now ?? (() => performance.now());
  }

  /** Sweeps now, or right after the sweep under way (the requests meanwhile make one sweep). */
  sweepSoon(): void {
    if (this.stopped) return;
    if (this.sweeping !== null) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.sweep()
      .catch((err: unknown) => this.options.sweepFailed(err))
      .then(() => (this.sweepAgain ? pause(this.options.gapMs) : undefined))
      .finally(() => {
        this.sweeping = null;
        if (this.sweepAgain) {
          this.sweepAgain = false;
          this.sweepSoon();
        }
      });
  }

  /** Whether a task works on `key` now. */
  isWorking(key: string): boolean {
    return this.working.has(key);
  }

  /** Resolves when no sweep and no task is under way. */
  async idle(): Promise<void> {
    while (this.sweeping !== null || this.working.size > 0) {
      await Promise.all([this.sweeping, ...this.working.values()]);
    }
  }

  /** No sweep starts any more; resolves when the one under way and the tasks have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  private async sweep(): Promise<void> {
    const busy = [...this.working.keys(), ...this.restingKeys()];
    if (this.working.size > 0) this.sweptWhileWorking = true;
    const found = await this.options.find(busy);
    for (const item of found) {
      const key = this.options.keyOf(item);
      if (this.stopped || this.working.has(key)) continue;
      const task = this.options
        .work(item)
        .then(
          () => void this.resting.delete(key),
          () => void this.resting.set(key, this.now()),
        )
        .finally(() => {
          this.working.delete(key);
          if (this.sweptWhileWorking) {
            this.sweptWhileWorking = false;
            this.sweepSoon();
          }
        });
      this.working.set(key, task);
    }
  }

  /** The keys whose task failed a moment ago. */
  private restingKeys(): string[] {
    const now = this.now();
    const keys: string[] = [];
    for (const [key, at] of this.resting.entries()) if (now - at < this.options.restMs) keys.push(key);
    return keys;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a password computation is for: a login's verification, or a registration's hash. */
export type PasswordWork = 'verify' | 'hash';

/**
 * Bounds the argon2 computations running at once (each costs tens of
 * milliseconds of CPU and tens of megabytes) and queues the rest, so that a
 * flood of registrations cannot starve logins:
 * - at most `concurrency` computations run at once;
 * - queued verifications (logins) start before queued hashes (registrations);
 * - with `concurrency` of 2 or more, hashes never take the last slot, so a login
 *   starts at once however many registrations are running or queued.
 * First come, first served within each kind.
 */
export class PasswordWorkQueue {
  /** How many hashes may run at once: all but one slot. */
  readonly hashSlots: number;
  private running = 0;
  private runningHashes = 0;
  private readonly waiting: Record<PasswordWork, Array<() => void>> = { verify: [], hash: [] };

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    }
    this.hashSlots = Math.max(1, concurrency - 1);
  }

  /** Runs `work` once its kind may start; its slot is freed when it settles. */
  async run<T>(kind: PasswordWork, work: () => Promise<T>): Promise<T> {
    if (this.canStart(kind)) this.take(kind);
    else await new Promise<void>((start) => this.waiting[kind].push(start)); // dispatch() takes the slot for us
    try {
      return await work();
    } finally {
      this.release(kind);
    }
  }

  /** Computations waiting for a slot. */
  get queued(): number {
    return this.waiting.verify.length + this.waiting.hash.length;
  }

  private canStart(kind: PasswordWork): boolean {
    return this.running < this.concurrency && (kind === 'verify' || this.runningHashes < this.hashSlots);
  }

  private take(kind: PasswordWork): void {
    this.running++;
    if (kind === 'hash') this.runningHashes++;
  }

  private release(kind: PasswordWork): void {
    this.running--;
    if (kind === 'hash') this.runningHashes--;
    this.dispatch();
  }

  private dispatch(): void {
    for (const kind of ['verify', 'hash'] as const) {
      const queue = this.waiting[kind];
      while (queue.length > 0 && this.canStart(kind)) {
        this.take(kind);
        queue.shift()?.();
      }
    }
  }
}

import argon2 from 'argon2';

type Computation = 'hash' | 'verify';

/**
 * Instruments the argon2 module the service uses: counts the hash and verify
 * computations running at once (no timing involved), and can hold hashes at a
 * gate until released. `restore()` puts the real functions back.
 */
export class Argon2Probe {
  /** Every computation, in the order they started. */
  readonly started: Computation[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private holding = false;
  private readonly held: Array<() => void> = [];
  private readonly waiters: Array<{ kind: Computation; resolve: () => void }> = [];
  private readonly real = { hash: argon2.hash, verify: argon2.verify };

  static install(): Argon2Probe {
    const probe = new Argon2Probe();
    Object.assign(argon2, {
      hash: (...args: Parameters<typeof argon2.hash>) => probe.measure('hash', () => probe.real.hash(...args)),
      verify: (...args: Parameters<typeof argon2.verify>) => probe.measure('verify', () => probe.real.verify(...args)),
    });
    return probe;
  }

  restore(): void {
    this.release();
    Object.assign(argon2, this.real);
  }

  /** Hashes started from now on wait (counted as running) until `release()`. */
  holdHashes(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  count(kind: Computation): number {
    return this.started.filter((k) => k === kind).length;
  }

  /** Resolves when a computation of this kind has started. */
  whenStarted(kind: Computation): Promise<void> {
    if (this.count(kind) > 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ kind, resolve }));
  }

  private async measure<T>(kind: Computation, compute: () => Promise<T>): Promise<T> {
    this.started.push(kind);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    for (const w of this.waiters.filter((w) => w.kind === kind)) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve();
    }
    try {
      if (kind === 'hash' && this.holding) await new Promise<void>((go) => this.held.push(go));
      return await compute();
    } finally {
      this.inFlight--;
    }
  }
}

/**
 * The one outbox consumer (docs/architecture.md, "The outbox"): serves one subscriber on this node.
 * It takes the subscriber's rows with a short lease (SKIP LOCKED: nodes share them and never take a
 * row another holds), renews the leases every second while the subscriber works on them, deletes the
 * rows acknowledged (unless a newer message renewed them) and leaves the others for the subscriber's
 * retry time. A node that dies (kill -9, a machine lost) stops renewing: its rows go to the others
 * once the lease ends, within seconds. `wake` drains the subscriber's rows, one drain at a time on
 * this node, and runs once more after the drain under way when woken meanwhile; when another node
 * holds rows, it looks again as soon as that lease ends.
 */
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { OutboxMessage, OutboxSubscriber } from './outbox-message.js';
import type { OutboxRepository } from './outbox.repository.js';

/** How long a taken row stays this node's without a renewal: a node that dies leaves its rows to the others after at most this long. */
export const LEASE_SECONDS = 5;
/** How often a node renews the leases of the rows it works on: a lease outlives four missed renewals. */
const RENEW_EVERY_MS = 1_000;
/** Slack after another node's lease ends before looking again (its end is read from the database's clock). */
const AFTER_LEASE_MS = 50;

export class OutboxConsumer {
  private readonly log: Logger;
  /** This consumer's name on the leases it holds: it renews only its own. */
  private readonly holder = randomUUID();
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The look at the end of another node's lease, and when it is due (ms since the epoch). */
  private leaseTimer: { readonly timer: NodeJS.Timeout; readonly at: number } | null = null;

  constructor(
    private readonly repository: OutboxRepository,
    private readonly subscriber: OutboxSubscriber,
  ) {
    this.log = new Logger(`Outbox ${subscriber.name}`);
  }

  /** Drains the subscriber's rows now, or once more after the drain under way. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining !== null) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainAll()
      .catch((err: unknown) => this.log.warn(`A drain failed, it will look again: ${describe(err)}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  /** Stops waking, and waits for the drain under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer !== null) clearTimeout(this.leaseTimer.timer);
    await this.draining;
  }

  /**
   * One take and the subscriber's work on it: how many rows it took (a full batch: there may be more).
   * For an owner that orders its consumers' passes itself.
   */
  async pass(): Promise<number> {
    const { batch, name } = this.subscriber;
    const { taken, nextFreeInMs } = await this.repository.take(name, this.holder, LEASE_SECONDS, batch);
    if (nextFreeInMs !== null) this.lookAgainIn(nextFreeInMs + AFTER_LEASE_MS);
    await this.working(taken);
    return taken.length;
  }

  /** One pass; while they come back full (a backlog), `loops` at once until it is gone. */
  private async drainAll(): Promise<void> {
    const { batch, loops = 1 } = this.subscriber;
    if ((await this.pass()) < batch) return;
    await Promise.all(Array.from({ length: loops }, () => this.drainLoop()));
  }

  private async drainLoop(): Promise<void> {
    while (!this.stopped) if ((await this.pass()) < this.subscriber.batch) return;
  }

  /** A wake in `ms`, unless one comes sooner already. */
  private lookAgainIn(ms: number): void {
    const at = Date.now() + ms;
    if (this.stopped || (this.leaseTimer !== null && this.leaseTimer.at <= at)) return;
    if (this.leaseTimer !== null) clearTimeout(this.leaseTimer.timer);
    const timer = setTimeout(() => {
      this.leaseTimer = null;
      if (this.subscriber.wake !== undefined) this.subscriber.wake();
      else void this.wake();
    }, ms);
    timer.unref();
    this.leaseTimer = { timer, at };
  }

  /**
   * The subscriber's work on `taken`, the leases of the rows not acknowledged yet renewed every
   * RENEW_EVERY_MS meanwhile; the rows left unacknowledged (all, when the work throws) are held for
   * the subscriber's retry time.
   */
  private async working(taken: readonly OutboxMessage[]): Promise<void> {
    if (taken.length === 0) return;
    const { name, retrySeconds } = this.subscriber;
    const held = new Map(taken.map((m) => [m.key, m]));
    // One renewal at a time, in order, so that none lands after the hold of a failed row.
    let renewal: Promise<void> = Promise.resolve();
    const renew = (keys: readonly string[], seconds: number): Promise<void> =>
      (renewal = renewal
        .then(() => this.repository.renew(name, this.holder, keys, seconds))
        .catch((err: unknown) => this.log.error(`renewing leases failed: ${describe(err)}`)));
    // A lease renewal belongs to the work under way (docs/architecture.md, "The outbox"), not to the background runner.
    const renewing = setInterval(() => void renew([...held.keys()], LEASE_SECONDS), RENEW_EVERY_MS);
    renewing.unref();
    let failed = false;
    try {
      await this.subscriber.handle(taken, async (messages, tx) => {
        await this.repository.acknowledge(name, messages, tx);
        for (const m of messages) held.delete(m.key);
      });
    } catch (err: unknown) {
      failed = true;
      this.log.error(`its work failed; it is taken again in ${retrySeconds} s: ${describe(err)}`);
    } finally {
      clearInterval(renewing);
      // Acknowledged in a transaction that rolled back: taken again after the retry time too.
      const left = failed ? taken.map((m) => m.key) : [...held.keys()];
      await renew(left, retrySeconds);
    }
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

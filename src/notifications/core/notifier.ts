import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type {
  Outbox,
  OutboxAcknowledge,
  OutboxConsumer,
  OutboxMessage,
  OutboxSubscriber,
} from '../../database/outbox/outbox.js';
import type { FirstTry } from './notification-channel.js';
import type { NotificationJobs } from './notification-jobs.js';

/**
 * How long a notifier's first try of a delivery may take (docs/notifications.md, "The first try"):
 * its transaction is open meanwhile. A receiver slower than this is tried again by a worker, with
 * the channel's whole time.
 */
export const FIRST_TRY_MS = 2_000;

/**
 * What the notifiers share (docs/notifications.md, "Durable delivery"): each is a subscriber of the
 * outbox, served by its consumer on this node; `wake` starts a drain once the job queue is ready; a
 * transaction that failed leaves its messages for the periodic look's interval (5 s); and the first
 * try of the deliveries they queue, on PostgreSQL only (on PGlite a transaction holds the one
 * connection).
 */
export abstract class Notifier implements OutboxSubscriber {
  readonly retrySeconds = 5;
  /** The notifier's first try; none on PGlite. */
  protected readonly firstTry: FirstTry | undefined;
  private readonly consumer: OutboxConsumer;

  protected constructor(
    readonly name: string,
    readonly batch: number,
    protected readonly jobs: NotificationJobs,
    outbox: Outbox,
    config: ConfigService<Environment, true>,
  ) {
    this.firstTry = config.get('DATABASE_URL', { infer: true }) ? { timeoutMs: FIRST_TRY_MS } : undefined;
    this.consumer = outbox.consumer(this);
  }

  /** Takes and decides the messages, until none is left; once the job queue is ready. */
  readonly wake = (): void => {
    void this.jobs.ready().then(() => this.consumer.wake());
  };

  /** Stops taking messages, and waits for the work under way. */
  stop(): Promise<void> {
    return this.consumer.stop();
  }

  /** Decides the messages, in one transaction that acknowledges them. */
  abstract handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void>;
}

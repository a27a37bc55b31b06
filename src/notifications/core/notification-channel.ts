import type { OpenTransaction } from './notification-queue.js';
import type { Notification } from './notification.js';

export type ChannelName = 'email' | 'push' | 'webhook';

/** One try at a delivery: its number, from 1, and whether the queue gives up after it. */
export interface DeliveryAttempt {
  readonly number: number;
  readonly final: boolean;
}

/** One delivery handed to a channel: a notification, where it goes, and which try this is. */
export interface Delivery {
  readonly notification: Notification;
  readonly destination: string;
  readonly attempt: DeliveryAttempt;
}

/**
 * A first try made by the outbox relay itself, in its transaction (docs/notifications.md, "The
 * first try"): it must end within `timeoutMs`.
 */
export interface FirstTry {
  readonly timeoutMs: number;
}

/**
 * The outcome of a delivery a channel would rather not try at once (a webhook that is failing):
 * the relay queues it as its first try, for a worker.
 */
export class NotTriedNow extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'NotTriedNow';
  }
}

/** How the queue retries a channel's failed deliveries: exponential backoff with jitter, then the dead-letter queue. */
export interface RetryPolicy {
  /** Tries after the first. */
  readonly retries: number;
  /** Seconds before the first retry; each next one waits about twice as long. */
  readonly delaySeconds: number;
  /** The longest wait between two tries. */
  readonly maxDelaySeconds: number;
}

/**
 * A way to reach an account: e-mail, web push or webhooks. The delivery
 * module (core/) asks each channel where the notifications it queues go, in
 * the transaction that queues them, and hands each destination to the job
 * queue as a delivery of its own, with an id made from the notification's id
 * and the destination (so a delivery is queued once, however often it is
 * decided), retried by the channel's policy. Both steps take a batch: the
 * relay queues what one transaction decided, a worker delivers what one fetch
 * took (docs/notifications.md, "What it costs").
 */
export abstract class NotificationChannel {
  abstract readonly name: ChannelName;
  abstract readonly retry: RetryPolicy;
  /** Deliveries a worker takes per fetch and works at once (two batches at a time per node). */
  readonly deliveriesPerBatch: number = 8;
  /**
   * Whether the outbox relay makes the first try of this channel's deliveries itself (on
   * PostgreSQL), so that a delivery becomes a job only when that try fails: for channels whose
   * tries are short (webhooks).
   */
  readonly firstTryByRelay: boolean = false;

  /**
   * Where each of `notifications` goes on this channel as the accounts' preferences, addresses and
   * subscriptions stand now: one list per notification, in order, of one string per destination (a
   * push subscription's id, a webhook's id, an address), empty when it goes nowhere. Reads (and
   * writes, such as a digest entry) run on `sql` when given: the transaction that queues them.
   */
  abstract destinationsOf(
    notifications: readonly Notification[],
    sql?: OpenTransaction,
  ): Promise<ReadonlyArray<readonly string[]>>;

  /** `destinationsOf` for one notification. */
  async destinations(notification: Notification, sql?: OpenTransaction): Promise<readonly string[]> {
    const [destinations] = await this.destinationsOf([notification], sql);
    return destinations ?? [];
  }

  /**
   * Delivers `notification` to one destination. Resolves when it is delivered,
   * or dropped for good (a push subscription answered 410, now removed);
   * throws to be tried again later.
   */
  abstract deliver(notification: Notification, destination: string, attempt: DeliveryAttempt): Promise<void>;

  /**
   * Delivers a batch, each on its own: the outcome of each, in order (rejected: tried again
   * later; rejected with NotTriedNow: not tried, to be queued). At once by default; a channel that
   * can share the batch's reads and writes (webhooks) does so. `firstTry` is given when the relay
   * makes the first try (only for a channel with `firstTryByRelay`).
   */
  deliverAll(deliveries: readonly Delivery[], _firstTry?: FirstTry): Promise<PromiseSettledResult<void>[]> {
    return Promise.allSettled(deliveries.map((d) => this.deliver(d.notification, d.destination, d.attempt)));
  }
}

/** The Nest token of the channels the service delivers on (NotificationChannel[]). */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');

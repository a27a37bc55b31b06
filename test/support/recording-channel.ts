import type {
  ChannelName,
  Delivery,
  DeliveryAttempt,
  NotificationChannel,
  RetryPolicy,
} from '../../src/notifications/core/notification-channel.js';
import type { Notification } from '../../src/notifications/core/notification.js';

/** One try at a delivery, as the recording channel saw it. */
export interface RecordedTry {
  readonly notification: Notification;
  readonly destination: string;
  readonly attempt: DeliveryAttempt;
  readonly delivered: boolean;
}

/**
 * A channel for the tests of the queue itself: every account is a destination (its user id), every
 * try is recorded, and a test may make the tries for an account fail (`failing`: how many times,
 * Infinity for always). Shared by several apps in one test file, it sees every node's deliveries.
 */
export class RecordingChannel implements NotificationChannel {
  readonly tries: RecordedTry[] = [];
  readonly failing = new Map<string, number>();

  constructor(
    readonly name: ChannelName = 'webhook',
    readonly retry: RetryPolicy = { retries: 3, delaySeconds: 1, maxDelaySeconds: 2 },
  ) {}

  /** How many deliveries a worker takes at once. */
  readonly deliveriesPerBatch = 8;
  /** Every try goes through the queue's workers (the relay's first try is the webhook channel's). */
  readonly firstTryByRelay = false;

  destinationsOf(notifications: readonly Notification[]): Promise<ReadonlyArray<readonly string[]>> {
    return Promise.resolve(notifications.map((notification) => [notification.userId]));
  }

  destinations(notification: Notification): Promise<readonly string[]> {
    return Promise.resolve([notification.userId]);
  }

  deliverAll(deliveries: readonly Delivery[]): Promise<PromiseSettledResult<void>[]> {
    return Promise.allSettled(deliveries.map((d) => this.deliver(d.notification, d.destination, d.attempt)));
  }

  deliver(notification: Notification, destination: string, attempt: DeliveryAttempt): Promise<void> {
    const left = this.failing.get(destination) ?? 0;
    const delivered = left <= 0;
    if (!delivered) this.failing.set(destination, left - 1);
    this.tries.push({ notification, destination, attempt, delivered });
    return delivered ? Promise.resolve() : Promise.reject(new Error(`refused for the test (${left} left)`));
  }

  /** The notifications delivered to `userId`, in order. */
  deliveredTo(userId: string): Notification[] {
    return this.tries.filter((t) => t.delivered && t.destination === userId).map((t) => t.notification);
  }

  /** Waits until `done` holds of the recorded tries (polling; generous, never a timing assertion). */
  async until(done: (tries: readonly RecordedTry[]) => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!done(this.tries)) {
      if (Date.now() > end) throw new Error(`Not delivered within ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

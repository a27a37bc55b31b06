import type { Notification } from './notification.js';

export type ChannelName = 'email' | 'push' | 'webhook';

/** One try at a delivery: its number, from 1, and whether the queue gives up after it. */
export interface DeliveryAttempt {
  readonly number: number;
  readonly final: boolean;
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
 * module (core/) asks each channel where a notification goes and hands each
 * destination to the job queue as a delivery of its own, with an id made from
 * the notification's id and the destination (so a delivery is queued once,
 * however often its fan-out runs), retried by the channel's policy.
 */
export abstract class NotificationChannel {
  abstract readonly name: ChannelName;
  abstract readonly retry: RetryPolicy;

  /**
   * Where `notification` goes on this channel as the account's preferences,
   * addresses and subscriptions stand now: one string per destination (a push
   * subscription's id, a webhook's id, an address), none when it goes nowhere.
   */
  abstract destinations(notification: Notification): Promise<readonly string[]>;

  /**
   * Delivers `notification` to one destination. Resolves when it is delivered,
   * or dropped for good (a push subscription answered 410, now removed);
   * throws to be tried again later.
   */
  abstract deliver(notification: Notification, destination: string, attempt: DeliveryAttempt): Promise<void>;
}

/** The Nest token of the channels the service delivers on (NotificationChannel[]). */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');

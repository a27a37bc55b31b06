import type { Notification } from './notification.js';

/** A transaction under way, as a repository holds it (the database's SqlClient fits). */
export interface OpenTransaction {
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SendOptions {
  /** The transaction to queue it in: it is delivered only if that transaction commits. */
  readonly tx?: OpenTransaction;
  /** Not before this time (a reminder before a deadline). */
  readonly startAfter?: Date;
}

/**
 * Queues a notification for delivery at least once, durably (docs/notifications.md,
 * "Durable delivery"). Sending the same id twice queues it once.
 */
export abstract class NotificationQueue {
  abstract send(notification: Notification, options?: SendOptions): Promise<void>;
}

import type { INestApplicationContext } from '@nestjs/common';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../src/notifications/core/notification-channel.js';
import type { Notification } from '../../src/notifications/core/notification.js';
import { NotificationQueue } from '../../src/notifications/core/notification-queue.js';

/**
 * A NotificationQueue for tests that delivers at once on every channel, as the channels' contract
 * says (each destination, then its delivery), and can be waited on: once `settled()` resolves, each
 * notification sent so far has been delivered, or found to go nowhere. So a test can tell "no mail
 * was sent" from "not sent yet" without waiting out a clock. Attach it to the app after start.
 */
export class SettledQueue extends NotificationQueue {
  readonly sent: Notification[] = [];
  private readonly deliveries: Array<Promise<void>> = [];
  private app: INestApplicationContext | null = null;

  attach(app: INestApplicationContext): void {
    this.app = app;
  }

  send(notification: Notification): Promise<void> {
    this.sent.push(notification);
    // After the caller's own work (as a queue delivers after the commit), not inside it.
    this.deliveries.push(new Promise((resolve) => setImmediate(resolve)).then(() => this.fanOut(notification)));
    return Promise.resolve();
  }

  /** Resolves when every delivery so far is done; throws the first failure. */
  async settled(): Promise<void> {
    let count = -1;
    while (count !== this.deliveries.length) {
      count = this.deliveries.length;
      await Promise.all(this.deliveries);
    }
  }

  private async fanOut(notification: Notification): Promise<void> {
    const channels = this.app!.get<NotificationChannel[]>(NOTIFICATION_CHANNELS, { strict: false });
    for (const channel of channels) {
      for (const destination of await channel.destinations(notification)) {
        await channel.deliver(notification, destination, { number: 1, final: true });
      }
    }
  }
}

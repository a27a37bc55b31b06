import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './notification-channel.js';
import type { Notification } from './notification.js';
import { NotificationQueue, type SendOptions } from './notification-queue.js';

/**
 * INTERIM, to be replaced by the durable queue (pg-boss) before the issue closes: delivers at once,
 * in this process, one try per destination. Lets the channels be built and tested end to end first.
 */
@Injectable()
export class DirectNotificationQueue extends NotificationQueue {
  private readonly logger = new Logger('Notifications');

  constructor(private readonly modules: ModuleRef) {
    super();
  }

  send(notification: Notification, options: SendOptions = {}): Promise<void> {
    const wait = Math.max(0, (options.startAfter?.getTime() ?? 0) - Date.now());
    setTimeout(() => void this.fanOut(notification), wait);
    return Promise.resolve();
  }

  private async fanOut(notification: Notification): Promise<void> {
    const channels = this.modules.get<NotificationChannel[]>(NOTIFICATION_CHANNELS, { strict: false });
    for (const channel of channels) {
      try {
        for (const destination of await channel.destinations(notification)) {
          await channel.deliver(notification, destination, { number: 1, final: true });
        }
      } catch (err) {
        this.logger.warn(`${channel.name} delivery of ${notification.id} failed: ${String(err)}`);
      }
    }
  }
}

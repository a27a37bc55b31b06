import { Injectable } from '@nestjs/common';
import { NotificationJobs } from './notification-jobs.js';
import { NotificationQueue, type SendOptions } from './notification-queue.js';
import type { Notification } from './notification.js';

/**
 * The NotificationQueue of the service: the job queue in PostgreSQL (docs/notifications.md,
 * "Durable delivery"). What the account use cases send (an address to verify, a password reset,
 * a webhook disabled) goes out whatever the match, so it is always due.
 */
@Injectable()
export class DurableNotificationQueue extends NotificationQueue {
  constructor(private readonly jobs: NotificationJobs) {
    super();
  }

  send(notification: Notification, options: SendOptions = {}): Promise<void> {
    return this.jobs.enqueue({ notification, still: { kind: 'always' } }, options);
  }
}

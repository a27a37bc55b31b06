import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { type DeliveryAttempt, NotificationChannel, type RetryPolicy } from '../core/notification-channel.js';
import type { Notification } from '../core/notification.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { webhookEventOf } from './webhook-events.js';
import { WebhookFailures } from './webhook-failures.js';
import { delivered, WebhookSender } from './webhook-sender.js';
import { webhookSignature, webhookTimestamp } from './webhook-signature.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** How many attempts of each webhook are kept for its owner to read. */
export const WEBHOOK_DELIVERIES_KEPT = 50;

/**
 * Retries of a failed delivery (docs/webhooks.md, "Retries"): after 1 minute, then about twice as
 * long each time (2, 4, 8 ... 256 minutes), then every 6 hours; 14 retries, the last about 38
 * hours after the first try, so that a receiver down for a day still gets it.
 */
export const WEBHOOK_RETRY: RetryPolicy = { retries: 14, delaySeconds: 60, maxDelaySeconds: 6 * 3600 };

export const WEBHOOK_USER_AGENT = 'Nardy-Webhooks/1.0';

/** A delivery that did not get a 2xx: thrown so that the queue tries again. */
export class WebhookDeliveryFailed extends Error {
  constructor(webhookId: string, why: string) {
    super(`webhook ${webhookId}: ${why}`);
    this.name = 'WebhookDeliveryFailed';
  }
}

/**
 * The webhook channel (docs/webhooks.md): a match notification goes to each enabled webhook of its
 * account subscribed to its event type, as a signed Standard Webhooks POST; account mail never.
 * Every attempt is recorded; failures are retried by the queue, and a webhook failing for 3 days
 * is disabled (WebhookFailures).
 */
@Injectable()
export class WebhookChannel extends NotificationChannel {
  readonly name = 'webhook';
  readonly retry = WEBHOOK_RETRY;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly failures: WebhookFailures,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
  ) {
    super();
  }

  async destinations(notification: Notification): Promise<readonly string[]> {
    const event = webhookEventOf(notification);
    return event === null ? [] : this.webhooks.subscribed(notification.userId, event);
  }

  async deliver(notification: Notification, destination: string, attempt: DeliveryAttempt): Promise<void> {
    const event = webhookEventOf(notification);
    const webhook = await this.webhooks.target(destination);
    // Removed, disabled or unsubscribed since it was queued: dropped.
    if (event === null || webhook === null || webhook.disabledAt !== null) return;
    if (webhook.userId !== notification.userId || !webhook.events.includes(event)) return;

    const at = this.clock.now();
    const body = JSON.stringify({
      type: event,
      timestamp: notification.createdAt,
      data: { ...notification.data, matchId: notification.matchId },
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': notification.id,
      'webhook-timestamp': webhookTimestamp(at),
      'webhook-signature': webhookSignature(webhook.secret, notification.id, at, body),
    };
    const started = performance.now();
    const answer = await this.sender.post(webhook.url, headers, body);
    const durationMs = Math.round(performance.now() - started);
    await this.deliveries.record(
      {
        webhookId: webhook.id,
        messageId: notification.id,
        type: event,
        attempt: attempt.number,
        attemptedAt: at,
        status: answer.status,
        error: answer.error,
        durationMs,
      },
      WEBHOOK_DELIVERIES_KEPT,
    );
    if (delivered(answer)) {
      await this.failures.succeeded(webhook.id);
      return;
    }
    // Disabled by this failure: dropped, the owner is told.
    if (await this.failures.failed(webhook.id, at)) return;
    throw new WebhookDeliveryFailed(webhook.id, answer.error ?? 'failed');
  }
}

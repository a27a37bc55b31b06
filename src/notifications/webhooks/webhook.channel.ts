import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import {
  type Delivery,
  type DeliveryAttempt,
  type FirstTry,
  NotificationChannel,
  NotTriedNow,
  type RetryPolicy,
} from '../core/notification-channel.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import type { Notification } from '../core/notification.js';
import { type WebhookDeliveryAttempt, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { webhookEventOf } from './webhook-events.js';
import { WebhookFailures } from './webhook-failures.js';
import { delivered, WebhookSender } from './webhook-sender.js';
import { webhookSignature, webhookTimestamp } from './webhook-signature.js';
import { type WebhookTarget, WebhooksRepository } from './webhooks.repository.js';

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

  /** Webhooks taken per fetch and posted at once: a POST mostly waits on its receiver. */
  override readonly deliveriesPerBatch = 32;
  /** A POST is short: the relay makes the first try (docs/notifications.md, "The first try"). */
  override readonly firstTryByRelay = true;

  async destinationsOf(
    notifications: readonly Notification[],
    sql?: OpenTransaction,
  ): Promise<ReadonlyArray<readonly string[]>> {
    const events = notifications.map(webhookEventOf);
    const wanted = notifications.filter((_, i) => events[i] !== null).map((n) => n.userId);
    const webhooks = await this.webhooks.enabledOf(wanted, sql);
    return notifications.map((notification, i) => {
      const event = events[i];
      return event === null
        ? []
        : webhooks.filter((w) => w.userId === notification.userId && w.events.includes(event)).map((w) => w.id);
    });
  }

  async deliver(notification: Notification, destination: string, attempt: DeliveryAttempt): Promise<void> {
    const [outcome] = await this.deliverAll([{ notification, destination, attempt }]);
    if (outcome?.status === 'rejected') throw outcome.reason;
  }

  /**
   * A batch at once: the webhooks read in one query, the POSTs sent together, every attempt recorded
   * in one statement; a webhook is marked failing, or failing no more, only when that changes. On a
   * first try by the relay, a webhook already failing is not tried (its deliveries are queued, so
   * that a receiver that does not answer holds up no relay), and a POST has `firstTry.timeoutMs`.
   */
  override async deliverAll(
    deliveries: readonly Delivery[],
    firstTry?: FirstTry,
  ): Promise<PromiseSettledResult<void>[]> {
    const targets = await this.webhooks.targets(deliveries.map((d) => d.destination));
    const failing = (delivery: Delivery): boolean =>
      firstTry !== undefined && (targets.get(delivery.destination)?.failingSince ?? null) !== null;
    const sent = await Promise.all(
      deliveries.map((delivery) =>
        failing(delivery)
          ? Promise.resolve(null)
          : this.post(delivery, targets.get(delivery.destination), firstTry?.timeoutMs),
      ),
    );
    // The webhook is marked failing (or no more) before its attempts are listed: whoever sees an attempt
    // sees the webhook as it left it.
    const outcomes = await Promise.allSettled(
      sent.map(async (one, i) => {
        if (failing(deliveries[i])) throw new NotTriedNow('failing: queued for a worker');
        if (one === null) return;
        const { webhook, attempt } = one;
        if (attempt.error === null) {
          if (webhook.failingSince !== null) await this.failures.succeeded(webhook.id);
          return;
        }
        // Disabled by this failure: dropped, the owner is told.
        if (await this.failures.failed(webhook.id, attempt.attemptedAt)) return;
        throw new WebhookDeliveryFailed(webhook.id, attempt.error);
      }),
    );
    await this.deliveries.recordAll(
      sent.flatMap((one) => (one === null ? [] : [one.attempt])),
      WEBHOOK_DELIVERIES_KEPT,
    );
    return outcomes;
  }

  /** POSTs one delivery to its webhook; null when there is nothing to send (removed, disabled or unsubscribed since it was queued). */
  private async post(
    { notification, destination, attempt }: Delivery,
    webhook: WebhookTarget | undefined,
    timeoutMs?: number,
  ): Promise<{ webhook: WebhookTarget; attempt: WebhookDeliveryAttempt & { error: string | null } } | null> {
    const event = webhookEventOf(notification);
    if (event === null || webhook === undefined || webhook.disabledAt !== null) return null;
    if (webhook.id !== destination || webhook.userId !== notification.userId || !webhook.events.includes(event))
      return null;

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
    const answer = await this.sender.post(webhook.url, headers, body, timeoutMs);
    const durationMs = Math.round(performance.now() - started);
    return {
      webhook,
      attempt: {
        webhookId: webhook.id,
        messageId: notification.id,
        type: event,
        attempt: attempt.number,
        attemptedAt: at,
        status: answer.status,
        error: delivered(answer) ? null : (answer.error ?? 'failed'),
        durationMs,
      },
    };
  }
}

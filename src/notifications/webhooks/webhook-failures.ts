import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ACCOUNT_KIND, type Notification } from '../core/notification.js';
import { NotificationQueue } from '../core/notification-queue.js';
import { WebhooksRepository, type Webhook } from './webhooks.repository.js';

/** How long a webhook may fail, with no success since its first failure, before it is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** The template of the owner's mail about a disabled webhook (the e-mail channel renders it). */
export const WEBHOOK_DISABLED_TEMPLATE = 'webhook-disabled';

/**
 * A webhook's run of failures (docs/webhooks.md, "Disabling"): a success ends it; one that has
 * lasted 3 days disables the webhook, so that nothing more is sent to it, and its owner is told by
 * mail (an `account` notification, queued in the transaction that disables it).
 */
@Injectable()
export class WebhookFailures {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly queue: NotificationQueue,
  ) {}

  async succeeded(webhookId: string): Promise<void> {
    await this.webhooks.succeeded(webhookId);
  }

  /** Notes a failure at `at`; true when it disabled the webhook (it failed for 3 days). */
  async failed(webhookId: string, at: Date): Promise<boolean> {
    const failingSince = await this.webhooks.failed(webhookId, at);
    if (failingSince === null || at.getTime() - failingSince.getTime() < WEBHOOK_DISABLE_AFTER_MS) return false;
    const reason = `No delivery succeeded since ${failingSince.toISOString()} (3 days).`;
    return this.webhooks.disableIfFailing(
      webhookId,
      new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_MS),
      at,
      reason,
      (webhook, tx) => this.queue.send(this.notice(webhook, at), { tx }),
    );
  }

  /**
   * The owner's mail about `webhook`, just disabled: named by its label when it has one (held to
   * the text policy, docs/architecture.md "Text people type", so it cannot break the mail's lines).
   */
  private notice(webhook: Webhook, at: Date): Notification {
    const which = webhook.label === null ? webhook.url : `“${webhook.label}” (${webhook.url})`;
    return {
      id: randomUUID(),
      kind: ACCOUNT_KIND,
      userId: webhook.userId,
      createdAt: at.toISOString(),
      matchId: null,
      title: 'A webhook of yours was disabled',
      body:
        `Deliveries to your webhook ${which} have failed for 3 days, so it is disabled: nothing more is sent to it. ` +
        'Register it again once it answers.',
      path: '/',
      data: {
        template: WEBHOOK_DISABLED_TEMPLATE,
        webhookId: webhook.id,
        url: webhook.url,
        label: webhook.label,
        failingSince: webhook.failingSince?.toISOString() ?? null,
        disabledAt: at.toISOString(),
      },
    };
  }
}

import { Injectable } from '@nestjs/common';
import type { Language } from '../../common/languages.js';
import { UsersRepository } from '../../users/index.js';
import type { Notification } from '../core/notification.js';
import { accountMail } from '../email/account-mail.js';
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
    private readonly users: UsersRepository,
  ) {}

  async succeeded(webhookId: string): Promise<void> {
    await this.webhooks.succeeded(webhookId);
  }

  /** Notes a failure at `at`; true when it disabled the webhook (it failed for 3 days). */
  async failed(webhookId: string, at: Date): Promise<boolean> {
    const failingSince = await this.webhooks.failed(webhookId, at);
    if (failingSince === null || at.getTime() - failingSince.getTime() < WEBHOOK_DISABLE_AFTER_MS) return false;
    const language = await this.languageOfOwner(webhookId);
    const reason = `No delivery succeeded since ${failingSince.toISOString()} (3 days).`;
    return this.webhooks.disableIfFailing(
      webhookId,
      new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_MS),
      at,
      reason,
      (webhook, tx) => this.queue.send(this.notice(webhook, at, language), { tx }),
    );
  }

  /**
   * The owner's mail about `webhook`, just disabled: named by its label when it has one (held to
   * the text policy, docs/architecture.md "Text people type", so it cannot break the mail's lines).
   */
  private notice(webhook: Webhook, at: Date, language: Language | null): Notification {
    const which = webhook.label === null ? webhook.url : `“${webhook.label}” (${webhook.url})`;
    return accountMail(webhook.userId, at, {
      template: WEBHOOK_DISABLED_TEMPLATE,
      language,
      values: { webhook: which },
      path: '/',
      data: {
        webhookId: webhook.id,
        url: webhook.url,
        label: webhook.label,
        failingSince: webhook.failingSince?.toISOString() ?? null,
        disabledAt: at.toISOString(),
      },
    });
  }

  /** The language of the webhook's owner (docs/email.md, "Languages"); null for none, or no such webhook. */
  private async languageOfOwner(webhookId: string): Promise<Language | null> {
    const owner = await this.webhooks.ownerOf(webhookId);
    return owner === null ? null : ((await this.users.findById(owner))?.language ?? null);
  }
}

import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import type {
  CreateWebhookDto,
  CreatedWebhookDto,
  WebhookDeliveryListDto,
  WebhookDto,
  WebhookListDto,
} from './dto/webhook.dto.js';
import { WEBHOOK_DELIVERIES_KEPT } from './webhook.channel.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { newWebhookSecret } from './webhook-signature.js';
import { refusalOfWebhookUrl } from './webhook-url.js';
import {
  InvalidWebhookUrlError,
  TooManyWebhooksError,
  WebhookAddressRefusedError,
  WebhookNotFoundError,
} from './webhook.errors.js';
import { WebhooksRepository, type Webhook } from './webhooks.repository.js';

/** How many webhooks an account may hold at once (docs/webhooks.md, "Registering"). */
export const WEBHOOKS_PER_ACCOUNT = 10;

function toDto(webhook: Webhook): WebhookDto {
  return {
    id: webhook.id,
    url: webhook.url,
    label: webhook.label,
    events: [...webhook.events],
    enabled: webhook.disabledAt === null,
    createdAt: webhook.createdAt.toISOString(),
    failingSince: webhook.failingSince?.toISOString() ?? null,
    disabledAt: webhook.disabledAt?.toISOString() ?? null,
    disabledReason: webhook.disabledReason,
  };
}

/**
 * An account's webhooks (docs/webhooks.md): registered with a URL and event types, their secret
 * answered once; listed without it; removed; their last delivery attempts read.
 */
@Injectable()
export class WebhooksService {
  private readonly allowPrivate: boolean;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.allowPrivate = config.get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', { infer: true });
  }

  async create(userId: string, dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    const refusal = refusalOfWebhookUrl(dto.url, this.allowPrivate);
    if (refusal?.reason === 'form') throw new InvalidWebhookUrlError(refusal.message);
    if (refusal?.reason === 'address') throw new WebhookAddressRefusedError(refusal.message);
    const secret = newWebhookSecret();
    const made = await this.webhooks.create(
      userId,
      { url: dto.url, label: dto.label ?? null, events: dto.events, secret, createdAt: this.clock.now() },
      WEBHOOKS_PER_ACCOUNT,
    );
    if (!made) throw new TooManyWebhooksError(WEBHOOKS_PER_ACCOUNT);
    return { ...toDto(made), secret };
  }

  async list(userId: string): Promise<WebhookListDto> {
    return { items: (await this.webhooks.listOf(userId)).map(toDto) };
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.webhooks.delete(userId, id))) throw new WebhookNotFoundError();
  }

  async deliveriesOf(userId: string, id: string): Promise<WebhookDeliveryListDto> {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw new WebhookNotFoundError();
    const attempts = await this.deliveries.lastOf(webhook.id, WEBHOOK_DELIVERIES_KEPT);
    return {
      items: attempts.map((a) => ({
        messageId: a.messageId,
        type: a.type,
        attempt: a.attempt,
        attemptedAt: a.attemptedAt.toISOString(),
        status: a.status,
        error: a.error,
        durationMs: a.durationMs,
      })),
    };
  }
}

import { Module } from '@nestjs/common';
import { onBackgroundPool } from '../../database/background-sql-client.js';
import { SecurityModule } from '../../security/index.js';
import { UsersModule } from '../../users/index.js';
import { WebhookChannel } from './webhook.channel.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookFailures } from './webhook-failures.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhooks: registration, signing, deliveries, and the webhook channel (docs/webhooks.md). */
@Module({
  imports: [SecurityModule, UsersModule],
  controllers: [WebhooksController],
  providers: [
    onBackgroundPool,
    WebhooksRepository,
    WebhookDeliveriesRepository,
    WebhookFailures,
    WebhookSender,
    WebhooksService,
    WebhookChannel,
  ],
  exports: [WebhookChannel],
})
export class WebhooksModule {}

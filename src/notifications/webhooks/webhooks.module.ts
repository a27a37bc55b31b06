import { Module } from '@nestjs/common';

/** Webhooks: registration, signing, deliveries, and the webhook channel (docs/notifications.md, "Webhooks"). */
@Module({ providers: [], exports: [] })
export class WebhooksModule {}

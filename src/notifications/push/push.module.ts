import { Module } from '@nestjs/common';

/** Web push: the VAPID key, subscriptions, and the push channel (docs/notifications.md, "Web push"). */
@Module({ providers: [], exports: [] })
export class PushModule {}

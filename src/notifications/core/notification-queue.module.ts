import { Global, Module } from '@nestjs/common';
import { DirectNotificationQueue } from './direct-notification-queue.js';
import { NotificationQueue } from './notification-queue.js';

/** The queue every module sends notifications through (global: the channels' modules send account mail with it). */
@Global()
@Module({
  providers: [{ provide: NotificationQueue, useClass: DirectNotificationQueue }],
  exports: [NotificationQueue],
})
export class NotificationQueueModule {}

import { Global, Module } from '@nestjs/common';
import { DurableNotificationQueue } from './durable-notification-queue.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';
import { NotificationQueue } from './notification-queue.js';

/** The queue every module sends notifications through (global: the channels' modules send account mail with it). */
@Global()
@Module({
  providers: [
    MatchFactsRepository,
    NotificationJobs,
    { provide: NotificationQueue, useClass: DurableNotificationQueue },
  ],
  exports: [NotificationQueue, NotificationJobs, MatchFactsRepository],
})
export class NotificationQueueModule {}

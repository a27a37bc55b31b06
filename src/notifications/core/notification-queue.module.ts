import { Global, Module } from '@nestjs/common';
import { onBackgroundPool } from '../../database/background-sql-client.js';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { OutboundAgents } from './outbound-agent.js';
import { DurableNotificationQueue } from './durable-notification-queue.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';
import { NotificationQueue } from './notification-queue.js';

/**
 * The queue every module sends notifications through, and the agents every outbound delivery
 * connects through (global: the channels' modules send account mail with the queue).
 */
@Global()
@Module({
  providers: [
    {
      provide: OutboundAgents,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        new OutboundAgents(config.get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', { infer: true })),
    },
    onBackgroundPool,
    MatchFactsRepository,
    NotificationJobs,
    { provide: NotificationQueue, useClass: DurableNotificationQueue },
  ],
  exports: [OutboundAgents, NotificationQueue, NotificationJobs, MatchFactsRepository],
})
export class NotificationQueueModule {}

import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { Clock } from '../../common/clock.js';
import { Outbox, type OutboxAcknowledge, type OutboxMessage } from '../../database/outbox/outbox.js';
import { BlocksRepository } from '../../users/index.js';
import type { Decided } from './decide-notifications.js';
import { decideMessageNotification } from './decide-message-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';
import { Notifier } from './notifier.js';

/**
 * The match messages' notifier (docs/notifications.md, "Match messages"), the outbox's subscriber
 * `notifications.message` (messages `match.message`, one per match message, published in the
 * transaction that stores it): in one transaction per batch reads the messages through the
 * community module's face and their matches through the matches module's, decides, makes the
 * first try of the webhooks (on PostgreSQL), queues the rest and acknowledges the messages. The
 * notification's id is the message's and the reader's, so a batch decided twice queues nothing
 * twice. A reader who has blocked the author hears of nothing. Woken by the NOTIFY of the insert's
 * commit and by the periodic look (NotificationWorkers).
 */
@Injectable()
export class MessageNotifier extends Notifier {
  constructor(
    private readonly facts: MatchFactsRepository,
    private readonly blocks: BlocksRepository,
    jobs: NotificationJobs,
    private readonly clock: Clock,
    outbox: Outbox,
    config: ConfigService<Environment, true>,
  ) {
    // Messages taken per transaction: 50.
    super('notifications.message', 50, jobs, outbox, config);
  }

  async handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void> {
    await this.facts.transaction(async (tx) => {
      const now = this.clock.now();
      const written = await this.facts.messagesOf([...new Set(messages.map((m) => m.key))], tx);
      const matches = new Map(
        (await this.facts.factsOf([...new Set(written.map((m) => m.matchId))], tx)).map((m) => [m.matchId, m]),
      );
      const decided: Decided[] = [];
      for (const message of written) {
        const match = matches.get(message.matchId);
        const one = match === undefined ? null : decideMessageNotification(message, match, now);
        if (one !== null && !(await this.blocks.blocks(one.notification.userId, message.authorId))) decided.push(one);
      }
      await this.jobs.enqueueAll(decided, { tx, firstTry: this.firstTry });
      await acknowledge(messages, tx);
    });
    this.jobs.wake();
  }
}

import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { Clock } from '../../common/clock.js';
import { Outbox, type OutboxAcknowledge, type OutboxMessage } from '../../database/outbox/outbox.js';
import { decideNotifications } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';
import { Notifier } from './notifier.js';

/**
 * The matches' notifier (docs/notifications.md, "Durable delivery"), the outbox's subscriber
 * `notifications.match` (messages `match.appended`): decides from each match's committed state what
 * it tells whom, makes the first try of the webhooks (on PostgreSQL) and queues the rest, in one
 * transaction that also acknowledges the messages. The outbox's consumer takes them with a lease, so
 * that nodes share them; a notifier that dies before its commit leaves them to the next. Woken by
 * the match feed (every committed write, on any node) and by a periodic look.
 */
@Injectable()
export class MatchNotifier extends Notifier {
  /** Transactions at once per node while the outbox has a backlog (each takes messages of its own). */
  readonly loops = 3;

  constructor(
    private readonly facts: MatchFactsRepository,
    jobs: NotificationJobs,
    private readonly clock: Clock,
    outbox: Outbox,
    config: ConfigService<Environment, true>,
  ) {
    // Messages taken per transaction: 50.
    super('notifications.match', 50, jobs, outbox, config);
  }

  /**
   * One transaction: the matches decided, first tried where the channel lets the notifier, the rest
   * queued, the messages acknowledged. A crash before its commit leaves the messages to the next
   * notifier, which decides and tries again (the receiver drops the duplicate by id).
   */
  async handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void> {
    await this.facts.transaction(async (tx) => {
      const now = this.clock.now();
      const facts = await this.facts.undecided(
        tx,
        await this.facts.factsOf([...new Set(messages.map((m) => m.key))], tx),
      );
      await this.jobs.enqueueAll(
        facts.flatMap((match) => decideNotifications(match, now)),
        { tx, firstTry: this.firstTry },
      );
      await acknowledge(messages, tx);
    });
    this.jobs.wake();
  }
}

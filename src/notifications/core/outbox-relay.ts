import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { decideNotifications } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';

/** Outbox rows taken per transaction. */
const BATCH = 50;

/**
 * The outbox relay (docs/notifications.md, "Durable delivery"): takes the rows the match events'
 * trigger wrote, decides from each match's committed state what it tells whom, and queues those
 * notifications, in one transaction that also deletes the rows. Rows are taken with SKIP LOCKED,
 * so relays on several nodes share the work and never take a row twice; a relay that dies before
 * its commit leaves its rows to the next. Woken by the match feed (every committed write, on any
 * node) and by a periodic look (a NOTIFY is lost with the listening session); one drain at a time per node.
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger('Notifications');
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly facts: MatchFactsRepository,
    private readonly jobs: NotificationJobs,
    private readonly clock: Clock,
  ) {}

  /** Drains the outbox now, or once more after the drain under way. */
  wake(): Promise<void> {
    if (this.draining !== null) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainAll()
      .catch((err: Error) => this.logger.warn(`The outbox relay failed, it will look again: ${err.message}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  private async drainAll(): Promise<void> {
    await this.jobs.ready();
    for (;;) {
      const taken = await this.drainBatch();
      if (taken > 0) this.jobs.wake();
      if (taken < BATCH) return;
    }
  }

  /** One transaction: up to BATCH rows taken, decided, queued, deleted; how many rows it took. */
  private drainBatch(): Promise<number> {
    return this.facts.transaction(async (tx) => {
      const matchIds = await this.facts.claimOutbox(tx, BATCH);
      const now = this.clock.now();
      const facts = await this.facts.factsOf(matchIds, tx);
      await this.jobs.enqueueAll(
        facts.flatMap((match) => decideNotifications(match, now)),
        { tx },
      );
      return matchIds.length;
    });
  }
}

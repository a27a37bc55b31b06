import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { Clock } from '../../common/clock.js';
import { decideNotifications } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';
import { Relay } from './relay.js';

/** Outbox rows taken per transaction. */
const BATCH = 50;

/** Transactions at once per node while the outbox has a backlog (each takes rows of its own). */
const LOOPS = 3;

/**
 * The outbox relay (docs/notifications.md, "Durable delivery"): takes the rows the match events'
 * trigger wrote, decides from each match's committed state what it tells whom, makes the first try
 * of the webhooks (on PostgreSQL) and queues the rest, in one transaction that also deletes the rows. Rows are taken with SKIP LOCKED,
 * so relays on several nodes share the work and never take a row twice; a relay that dies before
 * its commit leaves its rows to the next. Woken by the match feed (every committed write, on any
 * node) and by a periodic look (a NOTIFY is lost with the listening session); one drain at a time per node.
 */
@Injectable()
export class OutboxRelay extends Relay {
  constructor(
    private readonly facts: MatchFactsRepository,
    private readonly jobs: NotificationJobs,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    super('outbox relay', config);
  }

  /** One transaction; while they come back full (a backlog), LOOPS at once until it is gone. */
  protected async drainAll(): Promise<void> {
    await this.jobs.ready();
    if ((await this.drainBatch()) < BATCH) return;
    await Promise.all(Array.from({ length: LOOPS }, () => this.drainLoop()));
  }

  private async drainLoop(): Promise<void> {
    for (;;) if ((await this.drainBatch()) < BATCH) return;
  }

  /**
   * One transaction: up to BATCH rows taken, decided, first tried where the channel lets the relay,
   * the rest queued, the rows deleted; how many rows it took. A crash before its commit leaves the
   * rows to the next relay, which decides and tries again (the receiver drops the duplicate by id).
   */
  private async drainBatch(): Promise<number> {
    const taken = await this.facts.transaction(async (tx) => {
      const matchIds = await this.facts.claimOutbox(tx, BATCH);
      const now = this.clock.now();
      const facts = await this.facts.undecided(tx, await this.facts.factsOf(matchIds, tx));
      await this.jobs.enqueueAll(
        facts.flatMap((match) => decideNotifications(match, now)),
        { tx, firstTry: this.firstTry },
      );
      return matchIds.length;
    });
    if (taken > 0) this.jobs.wake();
    return taken;
  }
}

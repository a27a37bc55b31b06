import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BACKGROUND_JOBS, BackgroundJob } from '../../background/index.js';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import { deadlineReminder } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NotificationJobs } from './notification-jobs.js';

/** Matches reminded per sweep, at most (the nearest deadlines first; the rest on the next). */
const SWEEP_LIMIT = 100;

/**
 * Deadline reminders (docs/notifications.md, "What is sent when"): a sweep finds the matches whose
 * player on turn has NOTIFY_DEADLINE_HOURS or less left (and half their time gone) and has not
 * been reminded of this deadline, and queues the reminder in the transaction that marks it sent;
 * nodes sweeping together remind once. Read by the service's clock, so tests move time.
 */
@Injectable()
export class DeadlineReminders {
  private readonly logger = new Logger('Notifications');
  private readonly hoursBefore: number;

  constructor(
    private readonly facts: MatchFactsRepository,
    private readonly jobs: NotificationJobs,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.hoursBefore = config.get('NOTIFY_DEADLINE_HOURS', { infer: true });
  }

  /** Queues the reminders due now; how many. */
  @BackgroundJob(BACKGROUND_JOBS.deadlineReminders)
  async sweep(): Promise<number> {
    if (this.hoursBefore === 0) return 0;
    const now = this.clock.now();
    const due = await this.facts.dueReminders(now, this.hoursBefore, SWEEP_LIMIT);
    let queued = 0;
    for (const facts of await this.facts.factsOf(due)) {
      const reminder = deadlineReminder(facts, now);
      if (reminder === null || facts.deadline === null) continue;
      const deadline = facts.deadline;
      const sent = await this.facts.transaction(async (tx) => {
        if (!(await this.facts.markReminded(tx, facts.matchId, deadline, now))) return false;
        await this.jobs.enqueue(reminder, { tx });
        return true;
      });
      if (sent) queued++;
    }
    if (queued > 0) this.jobs.wake();
    if (queued > 0) this.logger.debug(`Deadline reminders queued: ${queued}`);
    return queued;
  }
}

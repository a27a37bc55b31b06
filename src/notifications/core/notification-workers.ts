import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ServiceContext } from '../../common/service-context.js';
import type { Environment } from '../../config/environment.js';
import { JobQueue } from '../../database/job-queue.js';
import { Notifications } from '../../database/notifications.js';
import { MatchFeed } from '../../matches/index.js';
import { DeadlineReminders } from './deadline-reminders.js';
import { NotificationJobs } from './notification-jobs.js';
import { MatchNotifier } from './match-notifier.js';
import { TOURNAMENT_NOTIFICATIONS_CHANNEL } from './tournament-facts.repository.js';
import { TournamentNotifier } from './tournament-notifier.js';

/** How often the notifiers look at the outbox without being woken (a NOTIFY lost with its session). */
const NOTIFIERS_EVERY_MS = 5_000;
/** How often the deadline reminders are swept. */
const REMINDERS_EVERY_MS = 60_000;

/**
 * What a node runs for notifications when NOTIFICATIONS_ENABLED (docs/notifications.md): the
 * matches' notifier (the outbox's `notifications.match`), woken by every committed match write on
 * any node (MatchFeed) and every few seconds; the tournaments' notifier, woken by the NOTIFY of every commit that appends tournament events (the
 * match feed would wake it before the result a match's last write brings is appended) and every
 * few seconds;
 * the deadline reminders' sweep; the job queue's workers. Off, the node still writes the outbox and queues account mail;
 * other nodes deliver. Stops them, and the job queue, before the database closes.
 */
@Injectable()
export class NotificationWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unwatch: Array<() => unknown> = [];
  private started: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly queue: JobQueue,
    private readonly jobs: NotificationJobs,
    private readonly matchNotifier: MatchNotifier,
    private readonly tournamentNotifier: TournamentNotifier,
    private readonly reminders: DeadlineReminders,
    private readonly feed: MatchFeed,
    private readonly notifications: Notifications,
  ) {}

  /**
   * Starts them in the background: the node answers requests meanwhile (what it commits waits in
   * the outbox, and the notifier.s first drain takes it).
   */
  onApplicationBootstrap(): void {
    if (!this.config.get('NOTIFICATIONS_ENABLED', { infer: true })) return;
    const outside = new ServiceContext();
    this.started = outside.run(() =>
      this.start(outside).catch((err: Error) =>
        this.logger.error(`Notifications are not delivered by this node: ${err.message}`),
      ),
    );
  }

  private async start(outside: ServiceContext): Promise<void> {
    await this.jobs.work();
    if (this.stopped) return;
    this.unwatch.push(await this.feed.watchAll(outside.bind(() => this.matchNotifier.wake())));
    if (this.stopped) return;
    const tournaments = outside.bind(() => this.tournamentNotifier.wake());
    this.unwatch.push(await this.notifications.listen(TOURNAMENT_NOTIFICATIONS_CHANNEL, tournaments));
    const notifiers = outside.bind(() => {
      this.matchNotifier.wake();
      this.tournamentNotifier.wake();
    });
    const sweep = outside.bind(() => {
      this.reminders.sweep().catch((err: Error) => this.logger.warn(`Deadline reminders failed: ${err.message}`));
    });
    this.timers.push(
      setInterval(notifiers, NOTIFIERS_EVERY_MS).unref(),
      setInterval(sweep, REMINDERS_EVERY_MS).unref(),
    );
    notifiers();
    sweep();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.started;
    for (const timer of this.timers) clearInterval(timer);
    for (const stop of this.unwatch) await stop();
    await Promise.all([this.matchNotifier.stop(), this.tournamentNotifier.stop()]);
    await this.queue.stop();
  }
}

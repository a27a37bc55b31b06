import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BACKGROUND_JOBS, BackgroundJob } from '../../background/index.js';
import { ServiceContext } from '../../common/service-context.js';
import type { Environment } from '../../config/environment.js';
import { Notifications } from '../../database/notifications.js';
import { MATCH_MESSAGES_CHANNEL } from '../../community/index.js';
import { MatchFeed } from '../../matches/index.js';
import { NotificationJobs } from './notification-jobs.js';
import { MatchNotifier } from './match-notifier.js';
import { AccountEraser } from './account-eraser.js';
import { ModerationMailer } from './moderation-mailer.js';
import { MessageNotifier } from './message-notifier.js';
import { TOURNAMENT_NOTIFICATIONS_CHANNEL } from './tournament-facts.repository.js';
import { TournamentNotifier } from './tournament-notifier.js';

/**
 * What a node runs for notifications when NOTIFICATIONS_ENABLED (docs/notifications.md): the
 * matches' notifier (the outbox's `notifications.match`), woken by every committed match write on
 * any node (MatchFeed); the tournaments' notifier, woken by the NOTIFY of every commit that appends
 * tournament events (the match feed would wake it before the result a match's last write brings is
 * appended); the match messages' notifier (`notifications.message`), woken by the NOTIFY of each
 * message's commit; all at start, and by the background job of their fallback poll
 * (BACKGROUND_JOBS.notificationRelaysPoll) every few seconds on some node; the job queue's workers.
 * Off, the node still writes the outbox and queues account mail; other nodes deliver. Stops
 * listening and the notifiers before the database closes (the background runner stops the job queue).
 */
@Injectable()
export class NotificationWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly unwatch: Array<() => unknown> = [];
  private started: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly jobs: NotificationJobs,
    private readonly matchNotifier: MatchNotifier,
    private readonly tournamentNotifier: TournamentNotifier,
    private readonly messageNotifier: MessageNotifier,
    private readonly feed: MatchFeed,
    private readonly notifications: Notifications,
    private readonly accountEraser: AccountEraser,
    private readonly moderationMailer: ModerationMailer,
  ) {}

  /**
   * Starts them in the background: the node answers requests meanwhile (what it commits waits in
   * the outbox, and the notifiers' first look takes it).
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
    if (this.stopped) return;
    const messages = outside.bind(() => this.messageNotifier.wake());
    this.unwatch.push(await this.notifications.listen(MATCH_MESSAGES_CHANNEL, messages));
    this.pollRelays();
  }

  /** Wakes the notifiers: their look without a wake (at start, and the fallback poll's job). */
  @BackgroundJob(BACKGROUND_JOBS.notificationRelaysPoll)
  pollRelays(): void {
    if (this.stopped) return;
    this.matchNotifier.wake();
    this.tournamentNotifier.wake();
    // Closed accounts' addresses (docs/accounts.md, "Closing"): the closing's node cannot wake it.
    this.accountEraser.wake();
    // The moderators' mails (docs/moderation.md, "Mails"): the action's node wakes nobody here.
    this.moderationMailer.wake();
    this.messageNotifier.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.started;
    for (const stop of this.unwatch) await stop();
    await Promise.all([this.matchNotifier.stop(), this.tournamentNotifier.stop(), this.messageNotifier.stop()]);
  }
}

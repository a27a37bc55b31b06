import { Module } from '@nestjs/common';
import { onBackgroundPool } from '../database/background-sql-client.js';
import { ModerationModule } from '../moderation/index.js';
import { MatchesModule } from '../matches/index.js';
import { UsersModule } from '../users/index.js';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './core/notification-channel.js';
import { NotificationQueueModule } from './core/notification-queue.module.js';
import { DeadlineReminders } from './core/deadline-reminders.js';
import { AccountEraser } from './core/account-eraser.js';
import { ModerationMailer } from './core/moderation-mailer.js';
import { AccountErasureRepository } from './core/account-erasure.repository.js';
import { NotificationWorkers } from './core/notification-workers.js';
import { MatchNotifier } from './core/match-notifier.js';
import { MessageNotifier } from './core/message-notifier.js';
import { TournamentFactsRepository } from './core/tournament-facts.repository.js';
import { TournamentNotifier } from './core/tournament-notifier.js';
import { EmailChannel } from './email/email.channel.js';
import { EmailModule } from './email/email.module.js';
import { PreferencesModule } from './preferences/preferences.module.js';
import { PushChannel } from './push/push-channel.js';
import { PushModule } from './push/push.module.js';
import { WebhookChannel } from './webhooks/webhook.channel.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/**
 * Reaching players away from the board (docs/notifications.md): the queue,
 * the channels, and what decides a notification from committed match and
 * tournament events: subscribers of the outbox, reading the facts through the
 * matches' and tournaments' faces in their own transaction, on the background
 * pool (the producers know nothing of notifications).
 */
@Module({
  imports: [
    MatchesModule,
    UsersModule,
    ModerationModule,
    NotificationQueueModule,
    PreferencesModule,
    EmailModule,
    PushModule,
    WebhooksModule,
  ],
  providers: [
    onBackgroundPool,
    TournamentFactsRepository,
    MatchNotifier,
    TournamentNotifier,
    MessageNotifier,
    DeadlineReminders,
    AccountErasureRepository,
    AccountEraser,
    ModerationMailer,
    NotificationWorkers,
    {
      provide: NOTIFICATION_CHANNELS,
      // Each channel module adds its channel here when it has one.
      inject: [EmailChannel, WebhookChannel, PushChannel],
      useFactory: (...channels: NotificationChannel[]): NotificationChannel[] => channels,
    },
  ],
  exports: [NOTIFICATION_CHANNELS],
})
export class NotificationsModule {}

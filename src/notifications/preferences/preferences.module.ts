import { Module } from '@nestjs/common';
import { onBackgroundPool } from '../../database/background-sql-client.js';
import { SecurityModule } from '../../security/index.js';
import { NotificationPreferences } from './notification-preferences.js';
import { NotificationPreferencesController } from './notification-preferences.controller.js';
import { NotificationPreferencesRepository } from './notification-preferences.repository.js';
import { StoredNotificationPreferences } from './stored-notification-preferences.js';

/**
 * Each account's notification preferences (GET/PUT /api/users/me/notifications). The channels
 * inject NotificationPreferences; the e-mail channel's one-click unsubscribe changes them through
 * StoredNotificationPreferences.
 */
@Module({
  imports: [SecurityModule],
  controllers: [NotificationPreferencesController],
  providers: [
    onBackgroundPool,
    NotificationPreferencesRepository,
    StoredNotificationPreferences,
    { provide: NotificationPreferences, useExisting: StoredNotificationPreferences },
  ],
  exports: [NotificationPreferences, StoredNotificationPreferences],
})
export class PreferencesModule {}

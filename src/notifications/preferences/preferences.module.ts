import { Module } from '@nestjs/common';
import { DEFAULT_PREFERENCES, NotificationPreferences, type Preferences } from './notification-preferences.js';

/**
 * PROVISIONAL, for the push channel's branch only: every account has the default preferences. The
 * preferences' own implementation (a table, GET/PUT /api/users/me/notifications) replaces this
 * provider when the branches are merged.
 */
class ProvisionalDefaultPreferences extends NotificationPreferences {
  of(): Promise<Preferences> {
    return Promise.resolve(DEFAULT_PREFERENCES);
  }
}

/** Each account's notification preferences (GET/PUT /api/users/me/notifications). */
@Module({
  providers: [{ provide: NotificationPreferences, useClass: ProvisionalDefaultPreferences }],
  exports: [NotificationPreferences],
})
export class PreferencesModule {}

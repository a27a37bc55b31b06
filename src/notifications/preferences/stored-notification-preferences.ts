import { Injectable } from '@nestjs/common';
import { NOTIFICATION_KINDS, type NotificationKind } from '../core/notification.js';
import { DEFAULT_PREFERENCES, NotificationPreferences, type Preferences } from './notification-preferences.js';
import { type KindChange, NotificationPreferencesRepository } from './notification-preferences.repository.js';

/** A change to some kinds' channels (PUT /api/users/me/notifications): only those given change. */
export type PreferencesChange = Partial<Record<NotificationKind, KindChange>>;

/** The preferences as stored, each kind the account never changed at its default (DEFAULT_PREFERENCES). */
@Injectable()
export class StoredNotificationPreferences extends NotificationPreferences {
  constructor(private readonly repository: NotificationPreferencesRepository) {
    super();
  }

  async of(userId: string): Promise<Preferences> {
    const stored = await this.repository.of(userId);
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? DEFAULT_PREFERENCES[kind]]),
    ) as Record<NotificationKind, Preferences[NotificationKind]>;
  }

  /** Changes what `change` gives, and answers the whole preferences after it. */
  async change(userId: string, change: PreferencesChange): Promise<Preferences> {
    const changes = NOTIFICATION_KINDS.flatMap((kind) => {
      const given = change[kind];
      return given && (given.email !== undefined || given.push !== undefined)
        ? [{ kind, change: given, defaults: DEFAULT_PREFERENCES[kind] }]
        : [];
    });
    if (changes.length > 0) await this.repository.change(userId, changes);
    return this.of(userId);
  }
}

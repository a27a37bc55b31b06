import { Injectable } from '@nestjs/common';
import { NOTIFICATION_KINDS, type NotificationKind } from '../core/notification.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import {
  DEFAULT_PREFERENCES,
  type KindPreference,
  NotificationPreferences,
  type Preferences,
} from './notification-preferences.js';
import { type KindChange, NotificationPreferencesRepository } from './notification-preferences.repository.js';

/** A change to some kinds' channels (PUT /api/users/me/notifications): only those given change. */
export type PreferencesChange = Partial<Record<NotificationKind, KindChange>>;

/** Each kind as stored, or at its default. */
function withDefaults(stored: ReadonlyMap<NotificationKind, KindPreference>): Preferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? DEFAULT_PREFERENCES[kind]]),
  ) as Record<NotificationKind, KindPreference>;
}

/** The preferences as stored, each kind the account never changed at its default (DEFAULT_PREFERENCES). */
@Injectable()
export class StoredNotificationPreferences extends NotificationPreferences {
  constructor(private readonly repository: NotificationPreferencesRepository) {
    super();
  }

  async of(userId: string): Promise<Preferences> {
    return withDefaults(await this.repository.of(userId));
  }

  async ofUsers(userIds: readonly string[], sql?: OpenTransaction): Promise<Map<string, Preferences>> {
    const stored = await this.repository.ofUsers(userIds, sql);
    return new Map(userIds.map((userId) => [userId, withDefaults(stored.get(userId) ?? new Map())]));
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

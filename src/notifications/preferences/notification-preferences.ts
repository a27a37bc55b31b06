import type { NotificationKind } from '../core/notification.js';
import type { OpenTransaction } from '../core/notification-queue.js';

/** How e-mail carries a kind: each at once, gathered in a daily digest, or not at all. */
export type EmailPreference = 'immediately' | 'digest' | 'off';

export interface KindPreference {
  readonly email: EmailPreference;
  readonly push: boolean;
}

export type Preferences = Readonly<Record<NotificationKind, KindPreference>>;

/**
 * What a correspondence player expects before changing anything: invitations and "your turn" by
 * e-mail at once (once an address is verified) and by push (once subscribed); the deadline
 * reminder too; finished matches by push only; tournament news and the other player's messages by
 * push and in the daily digest.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  invitation: { email: 'immediately', push: true },
  turn: { email: 'immediately', push: true },
  deadline: { email: 'immediately', push: true },
  finished: { email: 'off', push: true },
  tournament: { email: 'digest', push: true },
  // A message from the other player (docs/community.md, "Match messages"): a conversation may run to
  // ten a minute, so mail gathers them in the digest unless the player asks for each.
  message: { email: 'digest', push: true },
};

/** Each account's preferences per kind and channel (GET/PUT /api/users/me/notifications). */
export abstract class NotificationPreferences {
  abstract of(userId: string): Promise<Preferences>;
  /** The preferences of the accounts `userIds`, by account, read in one go; on `sql` when given (a transaction under way). */
  abstract ofUsers(userIds: readonly string[], sql?: OpenTransaction): Promise<Map<string, Preferences>>;
}

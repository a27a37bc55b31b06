import type { Language } from '../../common/languages.js';

/**
 * A notification: one thing one account should hear of while away from the
 * board (docs/notifications.md). It is decided once, from committed match
 * events (or by an account use case, for the account's own mail), and then
 * delivered on every channel the account has and wants; its `id` is stable
 * across retries and channels, so a receiver drops duplicates by it (the
 * webhook's `webhook-id`, the push payload's `id`, the mail's `Message-ID`).
 */

/** What a match or tournament notification is about; the keys of the preferences (GET /api/users/me/notifications). */
export const NOTIFICATION_KINDS = ['invitation', 'turn', 'deadline', 'finished', 'tournament', 'message'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The tournament news a `tournament` notification is (docs/notifications.md, "Tournaments"): its
 * webhook event type and its push payload's `type`.
 */
export const TOURNAMENT_NOTIFICATION_TYPES = [
  'tournament.open',
  'tournament.match-ready',
  'tournament.advanced',
  'tournament.finished',
] as const;
export type TournamentNotificationType = (typeof TOURNAMENT_NOTIFICATION_TYPES)[number];

/**
 * Mail about the account itself: sent by e-mail only, at once, whatever the preferences say, and
 * never to push or webhooks (it may carry a secret such as a reset token).
 */
export const ACCOUNT_KIND = 'account';

export interface Notification {
  /** Stable UUID: the same notification has the same id on every try and every channel. */
  readonly id: string;
  readonly kind: NotificationKind | typeof ACCOUNT_KIND;
  /** The account it is for. */
  readonly userId: string;
  /** When it was decided, ISO 8601. */
  readonly createdAt: string;
  readonly matchId: string | null;
  /** The tournament it is about (the tournament kind); absent or null otherwise. */
  readonly tournamentId?: string | null;
  /** Which tournament news it is (the tournament kind only). */
  readonly type?: TournamentNotificationType;
  /** One line, such as "Your turn against alice" (push title, mail subject). */
  readonly title: string;
  /** A sentence or two (push body, the mail's first paragraph). */
  readonly body: string;
  /** The web client's path it links to, such as `/matches/{id}`; channels put PUBLIC_URL before it. */
  readonly path: string;
  /**
   * For match and tournament kinds, the webhook body's `data` (matchId, opponent, ...). For the
   * account kind, what the mail needs: `template` (`email-verification`, `password-reset`,
   * `email-changed`, `webhook-disabled`, ...) and its fields, and `to` when the mail goes to an
   * address other than the account's verified one (a new address being verified, the old one told
   * of a change).
   */
  readonly data: Readonly<Record<string, unknown>>;
  /** The language its words are in, the account's (docs/notifications.md, "Languages"); absent: English. */
  readonly language?: Language;
}

/** The webhook event type of each match kind (Standard Webhooks body `{type, timestamp, data}`). */
export const WEBHOOK_EVENT_TYPES: Readonly<Record<Exclude<NotificationKind, 'tournament'>, string>> = {
  invitation: 'match.invitation',
  turn: 'match.turn',
  deadline: 'match.deadline',
  finished: 'match.finished',
  message: 'match.message',
};

/**
 * The event type of a notification: its kind's for a match kind, its news for the tournament kind
 * (`tournament.advanced`, ...); null for account mail, and for tournament news that says not which.
 */
export function eventTypeOf(notification: Notification): string | null {
  if (notification.kind === ACCOUNT_KIND) return null;
  if (notification.kind === 'tournament') return notification.type ?? null;
  return WEBHOOK_EVENT_TYPES[notification.kind];
}

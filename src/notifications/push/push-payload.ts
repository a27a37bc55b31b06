import type { Urgency } from 'web-push';
import { eventTypeOf, type Notification } from '../core/notification.js';

/**
 * What the service worker receives, decrypted (docs/web-push.md, "The payload"): the notification's
 * stable `id` (to drop a duplicate), its kind as `type` (tournament news: which, as its webhook
 * event type, `tournament.advanced`, ...), the match and the tournament, what to show, and the page
 * to open on a click, absolute.
 */
export interface PushPayload {
  readonly id: string;
  readonly type: string;
  readonly matchId: string | null;
  /** The tournament, for tournament news only (absent otherwise). */
  readonly tournamentId?: string;
  readonly title: string;
  readonly body: string;
  readonly url: string;
}

/**
 * The longest title and body pushed, in characters: a push carries at most 4 KB (RFC 8291), and a
 * notification shows a line or two; longer ones are cut with an ellipsis.
 */
export const TITLE_CHARACTERS = 120;
export const BODY_CHARACTERS = 600;

const cut = (text: string, most: number): string => {
  const characters = [...text];
  return characters.length <= most ? text : characters.slice(0, most - 1).join('') + '…';
};

export function pushPayloadOf(notification: Notification, publicUrl: string): PushPayload {
  return {
    id: notification.id,
    type: notification.kind === 'tournament' ? (eventTypeOf(notification) ?? notification.kind) : notification.kind,
    matchId: notification.matchId,
    ...(notification.tournamentId == null ? {} : { tournamentId: notification.tournamentId }),
    title: cut(notification.title, TITLE_CHARACTERS),
    body: cut(notification.body, BODY_CHARACTERS),
    url: publicUrl.replace(/\/+$/, '') + notification.path,
  };
}

/**
 * How soon the push service should wake the device (RFC 8030, "Urgency"): a deadline about to pass
 * at once, news of a finished match or a tournament when it suits the battery, the rest normally.
 */
export function urgencyOf(kind: Notification['kind']): Urgency {
  if (kind === 'deadline') return 'high';
  if (kind === 'finished' || kind === 'tournament') return 'low';
  return 'normal';
}

/**
 * The push service keeps one undelivered push per topic (RFC 8030, "Replacing Push Messages"): a
 * match's newer news replaces older news of it waiting for an offline device. A topic is at most 32
 * base64url characters: the match id's hex digits are 32. Tournament news has none: each says
 * something of its own ("your match is ready" is not replaced by that match's first "your turn"), and
 * so has each message of the other player (one must not replace the "your turn" waiting).
 */
export function topicOf(notification: Notification): string | undefined {
  if (notification.kind === 'tournament' || notification.kind === 'message') return undefined;
  return notification.matchId?.replace(/-/g, '').slice(0, 32) || undefined;
}

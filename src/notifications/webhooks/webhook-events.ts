import { eventTypeOf, type Notification, TOURNAMENT_NOTIFICATION_TYPES } from '../core/notification.js';

/**
 * The event types a webhook may subscribe to (docs/webhooks.md, "Events"): the match kinds'
 * WEBHOOK_EVENT_TYPES, then the tournament news (TOURNAMENT_NOTIFICATION_TYPES).
 */
export const WEBHOOK_EVENTS = [
  'match.invitation',
  'match.turn',
  'match.deadline',
  'match.finished',
  'match.message',
  ...TOURNAMENT_NOTIFICATION_TYPES,
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The event type `notification` is delivered as, or null when it never goes to webhooks: account
 * mail may carry a secret (a reset token), and a type no webhook can subscribe to reaches none.
 */
export function webhookEventOf(notification: Notification): WebhookEvent | null {
  const type = eventTypeOf(notification);
  return type !== null && (WEBHOOK_EVENTS as readonly string[]).includes(type) ? (type as WebhookEvent) : null;
}

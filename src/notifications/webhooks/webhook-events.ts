import { ACCOUNT_KIND, type Notification, WEBHOOK_EVENT_TYPES } from '../core/notification.js';

/**
 * The event types a webhook may subscribe to (docs/webhooks.md, "Events"): the match kinds'
 * WEBHOOK_EVENT_TYPES. `tournament.*` joins them when tournaments send notifications.
 */
export const WEBHOOK_EVENTS = ['match.invitation', 'match.turn', 'match.deadline', 'match.finished'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The event type `notification` is delivered as, or null when it never goes to webhooks: account
 * mail may carry a secret (a reset token), and a type no webhook can subscribe to reaches none.
 */
export function webhookEventOf(notification: Notification): WebhookEvent | null {
  if (notification.kind === ACCOUNT_KIND) return null;
  const type = WEBHOOK_EVENT_TYPES[notification.kind];
  return (WEBHOOK_EVENTS as readonly string[]).includes(type) ? (type as WebhookEvent) : null;
}

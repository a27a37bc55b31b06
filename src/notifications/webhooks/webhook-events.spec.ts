import { ACCOUNT_KIND, NOTIFICATION_KINDS, type Notification, WEBHOOK_EVENT_TYPES } from '../core/notification.js';
import { WEBHOOK_EVENTS, webhookEventOf } from './webhook-events.js';

const notification = (kind: Notification['kind']): Notification => ({
  id: '00000000-0000-4000-8000-000000000000',
  kind,
  userId: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-27T10:00:00.000Z',
  matchId: null,
  title: 't',
  body: 'b',
  path: '/',
  data: {},
});

describe('webhook event types', () => {
  it('are the match kinds’ WEBHOOK_EVENT_TYPES', () => {
    expect(WEBHOOK_EVENTS).toEqual(
      NOTIFICATION_KINDS.filter((kind) => kind !== 'tournament').map((kind) => WEBHOOK_EVENT_TYPES[kind]),
    );
    expect(webhookEventOf(notification('turn'))).toBe('match.turn');
    expect(webhookEventOf(notification('invitation'))).toBe('match.invitation');
  });

  it('never carry account mail, and not yet tournament news', () => {
    expect(webhookEventOf(notification(ACCOUNT_KIND))).toBeNull();
    expect(webhookEventOf(notification('tournament'))).toBeNull();
  });
});

import {
  ACCOUNT_KIND,
  NOTIFICATION_KINDS,
  type Notification,
  TOURNAMENT_NOTIFICATION_TYPES,
  WEBHOOK_EVENT_TYPES,
} from '../core/notification.js';
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
  it('are the match kinds’ WEBHOOK_EVENT_TYPES, then the tournament news', () => {
    expect(WEBHOOK_EVENTS).toEqual([
      ...NOTIFICATION_KINDS.flatMap((kind) => (kind === 'tournament' ? [] : [WEBHOOK_EVENT_TYPES[kind]])),
      ...TOURNAMENT_NOTIFICATION_TYPES,
    ]);
    expect(webhookEventOf(notification('turn'))).toBe('match.turn');
    expect(webhookEventOf(notification('invitation'))).toBe('match.invitation');
  });

  it('carry tournament news as which news it is, and never account mail', () => {
    expect(webhookEventOf({ ...notification('tournament'), type: 'tournament.advanced' })).toBe('tournament.advanced');
    expect(webhookEventOf({ ...notification('tournament'), type: 'tournament.open' })).toBe('tournament.open');
    expect(webhookEventOf(notification('tournament'))).toBeNull();
    expect(webhookEventOf(notification(ACCOUNT_KIND))).toBeNull();
  });
});

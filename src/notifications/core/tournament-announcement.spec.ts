/**
 * The daily cap on the announcements a player is told of (tournament-announcement.ts;
 * docs/notifications.md, "Tournaments"): a property over any order of announcements and receipts.
 */
import fc from 'fast-check';
import type { Decided } from './decide-notifications.js';
import type { Notification } from './notification.js';
import { ANNOUNCEMENTS_WINDOW_MS, capAnnouncements } from './tournament-announcement.js';

const now = new Date('2026-12-01T12:00:00.000Z');
const players = ['ann', 'ben', 'cat'];

function decided(userId: string, type: Notification['type'], n: number): Decided {
  const notification: Notification = {
    id: `${type}-${userId}-${n}`,
    kind: 'tournament',
    type,
    userId,
    createdAt: now.toISOString(),
    matchId: null,
    tournamentId: `t${n}`,
    title: 'T',
    body: 'B',
    path: '/',
    data: {},
  };
  return { notification, still: { kind: 'always' } };
}

describe('capAnnouncements', () => {
  it('keeps at most perDay announcements a player in 24 hours, counting those before, and every other news', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ to: fc.constantFrom(...players), open: fc.boolean() }), { maxLength: 30 }),
        fc.dictionary(fc.constantFrom(...players), fc.array(fc.integer({ min: 0, max: 48 }), { maxLength: 8 })),
        fc.integer({ min: 0, max: 6 }),
        (news, hoursAgo, perDay) => {
          const all = news.map((n, i) => decided(n.to, n.open ? 'tournament.open' : 'tournament.match-ready', i));
          const received = new Map(
            Object.entries(hoursAgo).map(([id, hours]) => [
              id,
              hours.map((h) => new Date(now.getTime() - h * 3600 * 1000)),
            ]),
          );
          const { kept, told } = capAnnouncements(all, received, now, perDay);
          for (const id of players) {
            const before = (received.get(id) ?? []).filter(
              (at) => now.getTime() - at.getTime() < ANNOUNCEMENTS_WINDOW_MS,
            );
            const offered = all.filter(
              (d) => d.notification.userId === id && d.notification.type === 'tournament.open',
            );
            const keptOpen = kept.filter(
              (d) => d.notification.userId === id && d.notification.type === 'tournament.open',
            );
            // As many as the day's room allows, the first ones offered, and recorded as told now.
            expect(keptOpen).toEqual(offered.slice(0, Math.max(0, perDay - before.length)));
            expect(told.get(id) ?? []).toEqual(keptOpen.map(() => now));
          }
          // Any other news is never held back, and the order stays.
          expect(kept.filter((d) => d.notification.type !== 'tournament.open')).toEqual(
            all.filter((d) => d.notification.type !== 'tournament.open'),
          );
          expect(all.filter((d) => kept.includes(d))).toEqual(kept);
        },
      ),
    );
  });
});

import { jest } from '@jest/globals';
import type { Notifications } from '../database/notifications.js';
import { REVOKED_FAMILIES_READ_MS, RevokedFamilies } from './revoked-families.js';
import type { RevokedFamiliesRepository } from './revoked-families.repository.js';

const HOUR = 3_600_000;

/** Two nodes' notifications on one channel: what one notifies, every listener hears. */
function channel(): { node(): Notifications; sent: string[] } {
  const handlers: Array<(payload: string) => void> = [];
  const sent: string[] = [];
  const node = () =>
    ({
      listen: (_: string, onPayload: (payload: string) => void) => {
        handlers.push(onPayload);
        return Promise.resolve(() => Promise.resolve());
      },
      notify: (_: string, payload: string) => {
        sent.push(payload);
        handlers.forEach((handler) => handler(payload));
        return Promise.resolve();
      },
    }) as unknown as Notifications;
  return { node, sent };
}

/** The table as the test sets it: each family with when its access tokens have all expired. */
function table(): RevokedFamiliesRepository & { rows: Map<string, Date>; reads: number } {
  const fake = {
    rows: new Map<string, Date>(),
    reads: 0,
    unexpired: () => {
      fake.reads++;
      return Promise.resolve(new Map([...fake.rows].filter(([, expiresAt]) => expiresAt.getTime() > Date.now())));
    },
  };
  return fake as unknown as RevokedFamiliesRepository & { rows: Map<string, Date>; reads: number };
}

describe('RevokedFamilies', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a family on the node that revoked it at once, and on another as soon as it hears the notification', async () => {
    const notifications = channel();
    const repository = table();
    const a = new RevokedFamilies(repository, notifications.node());
    const b = new RevokedFamilies(repository, notifications.node());
    await a.onApplicationBootstrap();
    await b.onApplicationBootstrap();
    const heard: string[] = [];
    b.onRevoke((family) => heard.push(family));
    expect([a.has('f1'), b.has('f1')]).toEqual([false, false]);
    await a.revokedNow('f1', new Date(Date.now() + HOUR));
    expect([a.has('f1'), b.has('f1'), a.has('f2')]).toEqual([true, true, false]);
    expect(heard).toEqual(['f1']);
    expect(notifications.sent).toEqual([expect.stringMatching(/^f1 \d+$/) as string]);
    await Promise.all([a.onModuleDestroy(), b.onModuleDestroy()]);
  });

  it('reads the families revoked before it started, and every few seconds those whose notification it missed', async () => {
    jest.useFakeTimers({ doNotFake: ['Date'] });
    const repository = table();
    repository.rows.set('before', new Date(Date.now() + HOUR));
    const node = new RevokedFamilies(repository, channel().node());
    await node.onApplicationBootstrap();
    expect(node.has('before')).toBe(true);
    const heard: string[] = [];
    node.onRevoke((family) => heard.push(family));
    repository.rows.set('missed', new Date(Date.now() + HOUR));
    jest.advanceTimersByTime(REVOKED_FAMILIES_READ_MS - 1);
    await Promise.resolve();
    expect(node.has('missed')).toBe(false);
    jest.advanceTimersByTime(1);
    for (let i = 0; i < 3; i++) await Promise.resolve();
    expect(node.has('missed')).toBe(true);
    expect(heard).toEqual(['missed']);
    await node.onModuleDestroy();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('forgets a family once its access tokens have all expired, and keeps one heard of while a read was under way', async () => {
    const repository = table();
    const node = new RevokedFamilies(repository, channel().node());
    await node.onApplicationBootstrap();
    await node.revokedNow('expiring', new Date(Date.now() + 20));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // A read that began before 'late' was written answers without it: 'late' is kept all the same.
    const read = node.readAgain();
    await node.revokedNow('late', new Date(Date.now() + HOUR));
    await read;
    expect([node.has('expiring'), node.has('late')]).toEqual([false, true]);
    await node.onModuleDestroy();
  });

  it('answers from what it knows when a read fails, and takes no malformed notification', async () => {
    const handlers: Array<(payload: string) => void> = [];
    const notifications = {
      listen: (_: string, onPayload: (payload: string) => void) => {
        handlers.push(onPayload);
        return Promise.resolve(() => Promise.resolve());
      },
      notify: () => Promise.reject(new Error('the database is down')),
    } as unknown as Notifications;
    const failing = { unexpired: () => Promise.reject(new Error('the database is down')) };
    const node = new RevokedFamilies(failing as unknown as RevokedFamiliesRepository, notifications);
    await node.onApplicationBootstrap();
    await node.revokedNow('f1', new Date(Date.now() + HOUR));
    expect(node.has('f1')).toBe(true);
    for (const payload of ['f2', 'f3 soon', ' 123']) handlers.forEach((handler) => handler(payload));
    expect([node.has('f2'), node.has('f3'), node.has('')]).toEqual([false, false, false]);
    await node.onModuleDestroy();
  });
});

import { Notifications } from '../../database/notifications.js';
import { LIVE_NOTICES_CHANNEL, LiveNotices } from './live-notices.js';

/** NOTIFY and LISTEN in memory: what is notified on a channel reaches its listeners at once. */
class MemoryNotifications extends Notifications {
  readonly sent: Array<[string, string]> = [];
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(onPayload);
    return Promise.resolve(() => Promise.resolve(void set.delete(onPayload)));
  }

  notify(channel: string, payload: string): Promise<void> {
    this.sent.push([channel, payload]);
    for (const listener of this.listeners.get(channel) ?? []) listener(payload);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('LiveNotices', () => {
  const heard = () => {
    const got: Array<[string, unknown]> = [];
    return { got, listener: (event: string, data: string) => got.push([event, JSON.parse(data)]) };
  };

  it('hands a notice to the match streams of the readers named and to the players named, nothing else', async () => {
    const notifications = new MemoryNotifications();
    const notices = new LiveNotices(notifications);
    const [bobsMatch, anonymous, evesMatch, bobsOwn, alicesOwn, otherMatch] = Array.from({ length: 6 }, heard);
    await notices.watchMatch('m1', 'bob', bobsMatch.listener);
    await notices.watchMatch('m1', null, anonymous.listener);
    await notices.watchMatch('m1', 'eve', evesMatch.listener);
    await notices.watchMatch('m2', 'bob', otherMatch.listener);
    await notices.watchPlayer('bob', bobsOwn.listener);
    const stopAlice = await notices.watchPlayer('alice', alicesOwn.listener);
    await notices.send({
      event: 'message',
      data: { text: 'hi' },
      match: { id: 'm1', readers: ['bob', 'alice'] },
      players: ['bob'],
    });
    expect(notifications.sent.map(([channel]) => channel)).toEqual([LIVE_NOTICES_CHANNEL]);
    expect(bobsMatch.got).toEqual([['message', { text: 'hi' }]]);
    expect(bobsOwn.got).toEqual([['message', { text: 'hi' }]]);
    for (const none of [anonymous, evesMatch, otherMatch, alicesOwn]) expect(none.got).toEqual([]);
    // To every stream of the match, and after a watcher stopped.
    stopAlice();
    await notices.send({ event: 'warning', data: 1, match: { id: 'm1', readers: 'all' }, players: ['alice'] });
    expect(anonymous.got).toEqual([['warning', 1]]);
    expect(evesMatch.got).toEqual([['warning', 1]]);
    expect(alicesOwn.got).toEqual([]);
  });

  it('refuses a notice too large for a NOTIFY, or an event name no SSE client reads, and ignores a foreign payload', async () => {
    const notifications = new MemoryNotifications();
    const notices = new LiveNotices(notifications);
    await expect(notices.send({ event: 'message', data: 'x'.repeat(8_000), players: ['bob'] })).rejects.toThrow(
      RangeError,
    );
    await expect(notices.send({ event: 'two\nlines', data: 1, players: ['bob'] })).rejects.toThrow(RangeError);
    expect(notifications.sent).toEqual([]);
    const bob = heard();
    await notices.watchPlayer('bob', bob.listener);
    await notifications.notify(LIVE_NOTICES_CHANNEL, 'not json');
    await notifications.notify(LIVE_NOTICES_CHANNEL, JSON.stringify({ e: 'message', d: '1', p: [42, 'bob'] }));
    expect(bob.got).toEqual([['message', 1]]);
  });
});

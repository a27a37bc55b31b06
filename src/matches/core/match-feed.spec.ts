import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger, type LoggerService } from '@nestjs/common';
import { Notifications } from '../../database/notifications.js';
import { MatchFeed } from './match-feed.js';

/** A database whose NOTIFY fails. */
class FailingNotifications extends Notifications {
  listen(): Promise<() => Promise<void>> {
    return Promise.resolve(() => Promise.resolve());
  }
  notify(): Promise<void> {
    return Promise.reject(new Error('the database is gone'));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('MatchFeed', () => {
  afterEach(() => {
    Logger.overrideLogger(false);
  });

  it('logs a failed announcement outside the request that announced it (docs/architecture.md, "Logging")', async () => {
    // Stands for the request log's AsyncLocalStorage: the request a line is logged in.
    const request = new AsyncLocalStorage<string>();
    const logged: Array<{ message: unknown; request: string | undefined }> = [];
    const warned = new Promise<void>((resolve) => {
      const capture: LoggerService = {
        log: () => undefined,
        error: () => undefined,
        warn: (message: unknown) => {
          logged.push({ message, request: request.getStore() });
          resolve();
        },
      };
      Logger.overrideLogger(capture);
    });
    const feed = new MatchFeed(new FailingNotifications());
    request.run('request-1', () => feed.announce('00000000-0000-4000-8000-000000000001', 3));
    await warned;
    expect(logged.map(({ message, request }) => [String(message).slice(0, 18), request])).toEqual([
      ['Could not announce', undefined],
    ]);
  });
});

import type { Notifications } from '../database/notifications.js';
import { TokenVersions } from './token-versions.js';
import type { TokenVersionsRepository } from './token-versions.repository.js';

const ANN = '00000000-0000-4000-8000-000000000001';

/** A repository whose reads wait until `answer` is called, counting them. */
function slowRepository(): TokenVersionsRepository & { reads: number; answer(version: number | null): void } {
  const waiting: Array<(version: number | null) => void> = [];
  const fake = {
    reads: 0,
    current: () => {
      fake.reads++;
      return new Promise<number | null>((resolve) => waiting.push(resolve));
    },
    answer: (version: number | null) => waiting.splice(0).forEach((resolve) => resolve(version)),
  };
  return fake as unknown as TokenVersionsRepository & { reads: number; answer(version: number | null): void };
}

/** Notifications within one process: what is notified is heard at once. */
function loopback(): Notifications & { sent: string[] } {
  const handlers: Array<(payload: string) => void> = [];
  const fake = {
    sent: [] as string[],
    listen: (_: string, onPayload: (payload: string) => void) => {
      handlers.push(onPayload);
      return Promise.resolve(() => Promise.resolve());
    },
    notify: (_: string, payload: string) => {
      fake.sent.push(payload);
      handlers.forEach((handler) => handler(payload));
      return Promise.resolve();
    },
  };
  return fake as unknown as Notifications & { sent: string[] };
}

describe('TokenVersions', () => {
  it('reads an account’s version once for concurrent requests, then answers from memory', async () => {
    const repository = slowRepository();
    const versions = new TokenVersions(repository, loopback());
    const answers = Promise.all([versions.current(ANN), versions.current(ANN), versions.current(ANN)]);
    repository.answer(2);
    expect(await answers).toEqual([2, 2, 2]);
    expect(await versions.current(ANN)).toBe(2);
    expect(repository.reads).toBe(1);
  });

  it('answers null for an account that does not exist', async () => {
    const repository = slowRepository();
    const versions = new TokenVersions(repository, loopback());
    const answer = versions.current(ANN);
    repository.answer(null);
    expect(await answer).toBeNull();
  });

  it('takes a raise at once, over a read under way, and tells the other nodes', async () => {
    const repository = slowRepository();
    const notifications = loopback();
    const versions = new TokenVersions(repository, notifications);
    const reading = versions.current(ANN);
    await versions.raised(ANN, 5);
    repository.answer(4);
    expect(await reading).toBe(5);
    expect(await versions.current(ANN)).toBe(5);
    expect(notifications.sent).toEqual([`${ANN} 5`]);
  });

  it('takes a raise another node announced, and never goes back to a lower version', async () => {
    const notifications = loopback();
    const versions = new TokenVersions(slowRepository(), notifications);
    await versions.onApplicationBootstrap();
    await notifications.notify('token_versions', `${ANN} 7`);
    await notifications.notify('token_versions', `${ANN} 6`);
    await notifications.notify('token_versions', 'not a raise');
    expect(await versions.current(ANN)).toBe(7);
  });

  it('tells its listeners of every raise it makes or hears, once per version, never of a lower one', async () => {
    const notifications = loopback();
    const versions = new TokenVersions(slowRepository(), notifications);
    await versions.onApplicationBootstrap();
    const heard: string[] = [];
    versions.onRaise((userId, version) => heard.push(`${userId} ${version}`));
    await versions.raised(ANN, 2);
    await notifications.notify('token_versions', `${ANN} 3`);
    await notifications.notify('token_versions', `${ANN} 3`);
    await notifications.notify('token_versions', `${ANN} 1`);
    expect(heard).toEqual([`${ANN} 2`, `${ANN} 3`]);
  });

  it('reads many accounts again in one query, taking a raise found as one heard, null for an account gone', async () => {
    const BEN = '00000000-0000-4000-8000-000000000002';
    const queries: string[][] = [];
    const repository = {
      currentOf: (ids: string[]) => {
        queries.push(ids);
        return Promise.resolve(new Map([[ANN, 4]]));
      },
    } as unknown as TokenVersionsRepository;
    const versions = new TokenVersions(repository, loopback());
    const heard: string[] = [];
    versions.onRaise((userId, version) => heard.push(`${userId} ${version}`));
    expect(await versions.readAgain([ANN, BEN])).toEqual(
      new Map<string, number | null>([
        [ANN, 4],
        [BEN, null],
      ]),
    );
    expect(queries).toEqual([[ANN, BEN]]);
    expect(heard).toEqual([`${ANN} 4`]);
    expect(versions.known(ANN)).toBe(4);
  });
});

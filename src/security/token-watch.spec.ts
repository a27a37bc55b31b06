import { jest } from '@jest/globals';
import type { Principal } from './principal.js';
import type { RevokedFamilies } from './revoked-families.js';
import { TOKEN_VERSION_TRUSTED_MS, type TokenVersions } from './token-versions.js';
import { TokenWatch } from './token-watch.js';

/** Token versions whose current version the test sets; raises are announced by `raise`. */
function fakeVersions(): TokenVersions & { version: number | null; raise(userId: string, version: number): void } {
  const listeners: Array<(userId: string, version: number) => void> = [];
  const fake = {
    version: 0 as number | null,
    onRaise: (listener: (userId: string, version: number) => void) => void listeners.push(listener),
    readAgain: (userIds: string[]) => Promise.resolve(new Map(userIds.map((userId) => [userId, fake.version]))),
    raise: (userId: string, version: number) => listeners.forEach((listener) => listener(userId, version)),
  };
  return fake as unknown as TokenVersions & { version: number | null; raise(userId: string, version: number): void };
}

const principal = (ms: number, version = 0): Principal => ({
  userId: 'u',
  username: 'u',
  token: { version, expiresAt: Date.now() + ms },
});

const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

describe('TokenWatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ends at the token’s expiry, once, and not after being stopped', () => {
    const watch = new TokenWatch(fakeVersions());
    const ended = jest.fn();
    const stoppedEnd = jest.fn();
    watch.until(principal(60_000), ended);
    const stop = watch.until(principal(60_000), stoppedEnd);
    stop();
    jest.advanceTimersByTime(59_999);
    expect(ended).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10 * TOKEN_VERSION_TRUSTED_MS);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(stoppedEnd).not.toHaveBeenCalled();
  });

  it('waits in steps for an expiry beyond the longest timer (about 24.8 days)', () => {
    const watch = new TokenWatch(fakeVersions());
    const ended = jest.fn();
    const days30 = 30 * 24 * 3600 * 1000;
    watch.until(principal(days30), ended);
    jest.advanceTimersByTime(days30 - 1);
    expect(ended).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends at once for a token already expired', () => {
    const ended = jest.fn();
    new TokenWatch(fakeVersions()).until(principal(-1), ended);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends the tokens of the account whose version a raise passes, not the token of the new version nor for a late older raise', () => {
    const versions = fakeVersions();
    const watch = new TokenWatch(versions);
    const old = jest.fn();
    const current = jest.fn();
    watch.until(principal(60_000, 0), old);
    watch.until(principal(60_000, 1), current);
    versions.raise('other', 5);
    versions.raise('u', 0);
    expect(old).not.toHaveBeenCalled();
    versions.raise('u', 1);
    expect(old).toHaveBeenCalledTimes(1);
    expect(current).not.toHaveBeenCalled();
  });

  it('ends what the tokens of a revoked refresh family let in, not what other families’ or a family-less token did', () => {
    const listeners: Array<(familyId: string) => void> = [];
    const families = { onRevoke: (listener: (familyId: string) => void) => void listeners.push(listener) };
    const watch = new TokenWatch(fakeVersions(), undefined, families as unknown as RevokedFamilies);
    const ofFamily = jest.fn();
    const ofOther = jest.fn();
    const ofNone = jest.fn();
    const withFamily = (family: string): Principal => ({
      ...principal(60_000),
      token: { ...principal(60_000).token, family },
    });
    watch.until(withFamily('f1'), ofFamily);
    watch.until(withFamily('f2'), ofOther);
    watch.until(principal(60_000), ofNone);
    for (const listener of listeners) listener('f1');
    expect(ofFamily).toHaveBeenCalledTimes(1);
    expect(ofOther).not.toHaveBeenCalled();
    expect(ofNone).not.toHaveBeenCalled();
    watch.onModuleDestroy();
  });

  it('finds a raise it heard nothing of (a notification missed) at its next look, and an account gone', async () => {
    const versions = fakeVersions();
    const watch = new TokenWatch(versions);
    const ended = jest.fn();
    watch.until(principal(3_600_000), ended);
    jest.advanceTimersByTime(TOKEN_VERSION_TRUSTED_MS);
    await settle();
    expect(ended).not.toHaveBeenCalled();
    versions.version = 1;
    jest.advanceTimersByTime(TOKEN_VERSION_TRUSTED_MS);
    await settle();
    expect(ended).toHaveBeenCalledTimes(1);

    const gone = jest.fn();
    watch.until(principal(3_600_000, 1), gone);
    versions.version = null;
    jest.advanceTimersByTime(TOKEN_VERSION_TRUSTED_MS);
    await settle();
    expect(gone).toHaveBeenCalledTimes(1);
    watch.onModuleDestroy();
  });

  it('skips a look while the previous one still waits for the database, and looks again once it is done', async () => {
    const versions = fakeVersions();
    let answer: () => void = () => undefined;
    const reads = jest.fn((userIds: string[]) => {
      return new Promise<Map<string, number | null>>((resolve) => {
        answer = () => resolve(new Map(userIds.map((userId) => [userId, 0])));
      });
    });
    versions.readAgain = reads;
    const watch = new TokenWatch(versions);
    watch.until(principal(3_600_000), jest.fn());
    jest.advanceTimersByTime(5 * TOKEN_VERSION_TRUSTED_MS);
    await settle();
    expect(reads).toHaveBeenCalledTimes(1);
    answer();
    await settle();
    jest.advanceTimersByTime(TOKEN_VERSION_TRUSTED_MS);
    await settle();
    expect(reads).toHaveBeenCalledTimes(2);
    watch.onModuleDestroy();
  });

  it('holds the process open by no timer, and leaves none behind when the module is destroyed', () => {
    const timeout = jest.spyOn(globalThis, 'setTimeout');
    const interval = jest.spyOn(globalThis, 'setInterval');
    try {
      const watch = new TokenWatch(fakeVersions());
      const ended = jest.fn();
      const stop = watch.until(principal(60_000), ended);
      watch.until(principal(3_600_000), ended);
      const timers = [...timeout.mock.results, ...interval.mock.results].map((r) => r.value as NodeJS.Timeout);
      expect(timers).toHaveLength(3);
      for (const timer of timers) expect(timer.hasRef()).toBe(false);
      watch.onModuleDestroy();
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(3_600_000);
      expect(ended).not.toHaveBeenCalled();
      stop();
    } finally {
      timeout.mockRestore();
      interval.mockRestore();
    }
  });
});

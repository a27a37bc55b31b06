import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { newMatch, betweenMoneyGames, type MatchState } from '../engine/index.js';
import { playRandomMatch } from '../engine/testing/index.js';
import type { BotWorker as Worker } from './bot-worker.js';
import type { HouseBotPlayer } from './house-bot-player.js';
import { ExternalBotUnavailableError } from '../house-bots/index.js';

// The worker reaches the matches module's face, which brings in CommonJS packages that require()
// Nest: under Jest they need the namespaces esm-interop.setup.ts provides (the e2e projects load it
// for every file), so it is loaded before the worker is.
await import('../../test/support/esm-interop.setup.js');
const { BotWorker, BETWEEN_GAMES_PAUSE_MS, RETRY_AFTER_MS } = await import('./bot-worker.js');
const { VersionConflictError } = await import('../matches/index.js');

const BOT = '00000000-0000-4000-8000-00000000b071';
const MATCH = '00000000-0000-4000-8000-0000000000aa';
const NOW = new Date('2026-11-25T12:00:00Z');

/** A money session's state between two games. */
const BETWEEN_GAMES: MatchState = (() => {
  const { states } = playRandomMatch({ variant: 'backgammon', length: 0, rules: {} }, 9, { timeouts: false });
  const found = states.find(betweenMoneyGames);
  if (found === undefined) throw new Error('no state between games');
  return found;
})();

/**
 * One match waiting for the bot at `version` (the sweep finds it while it does); the bot's player
 * rolls whenever the match is at the version it waits at; each action written moves it on.
 */
function harness(options: { enabled?: boolean; state?: MatchState; changedAt?: Date } = {}) {
  const match = { version: 5, waitsAt: 5 as number | null };
  let heard: (() => void) | null = null;
  const act = jest.fn((): Promise<unknown> => {
    match.version += 1;
    match.waitsAt = null;
    return Promise.resolve({});
  });
  const fakes = {
    store: {
      load: jest.fn(() =>
        Promise.resolve({
          record: { id: MATCH, version: match.version, updatedAt: options.changedAt ?? NOW },
          state: options.state ?? newMatch({ variant: 'backgammon', length: 1, rules: {} }),
        }),
      ),
    },
    actions: { act },
    feed: {
      watchAll: jest.fn((listener: () => void) => {
        heard = listener;
        return Promise.resolve(() => undefined);
      }),
    },
    pending: {
      pendingFor: jest.fn((_ids: readonly string[], _limit: number, _since: Date, excluding: readonly string[] = []) =>
        Promise.resolve(
          match.waitsAt === null || excluding.includes(MATCH)
            ? []
            : [{ matchId: MATCH, version: match.waitsAt, userId: BOT }],
        ),
      ),
      // No opponent's deadline passed in these matches (the timeout claims: house-bot-player.spec.ts, bot-timeouts e2e).
      overdueOpponentsOf: jest.fn(() => Promise.resolve([])),
    },
    users: { houseBots: jest.fn(() => Promise.resolve([{ id: BOT, username: 'bot', houseBot: 'bot' }])) },
    player: {
      next: jest.fn<HouseBotPlayer['next']>(() =>
        Promise.resolve(match.waitsAt === match.version ? { name: 'roll' } : null),
      ),
    },
    clock: { now: () => NOW },
    config: { get: () => options.enabled ?? true },
  };
  const worker: Worker = new (BotWorker as unknown as new (...args: unknown[]) => Worker)(
    fakes.store,
    fakes.actions,
    fakes.feed,
    fakes.pending,
    fakes.users,
    fakes.player,
    fakes.clock,
    fakes.config,
  );
  return { worker, match, act, ...fakes, hear: () => heard?.() };
}

let errors: ReturnType<typeof jest.spyOn>;
let warnings: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the house bots’ worker', () => {
  it('sweeps at boot and takes the pending decision once, acting on the version it decided on', async () => {
    const h = harness();
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(1);
    expect(h.act).toHaveBeenCalledWith(MATCH, BOT, { name: 'roll' }, 5);
    await h.worker.onModuleDestroy();
  });

  it('sweeps again when any node commits a write (the feed)', async () => {
    const h = harness();
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    h.match.waitsAt = h.match.version;
    h.hear();
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(2);
    expect(h.act).toHaveBeenLastCalledWith(MATCH, BOT, { name: 'roll' }, 6);
    await h.worker.onModuleDestroy();
  });

  it('never works on one match twice at once: sweeps while its decision is under way start nothing', async () => {
    const h = harness();
    let release!: () => void;
    h.act.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => {
            h.match.version += 1;
            h.match.waitsAt = null;
            resolve({});
          };
        }),
    );
    await h.worker.onApplicationBootstrap();
    while (h.act.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) {
      h.worker.sweepSoon();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(h.pending.pendingFor.mock.calls.length).toBeGreaterThan(1);
    expect(h.act).toHaveBeenCalledTimes(1);
    release();
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(1);
    await h.worker.onModuleDestroy();
  });

  it('ends without a word when another node or player wrote first (a version conflict)', async () => {
    const h = harness();
    h.act.mockRejectedValueOnce(new VersionConflictError(6, 5));
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    await h.worker.onModuleDestroy();
  });

  it('logs a failed decision once, lets it rest, and takes it again on a later sweep', async () => {
    const h = harness();
    let now = 10_000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    h.act.mockRejectedValueOnce(new Error('the bot broke')).mockRejectedValueOnce(new Error('the bot broke'));
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    expect(errors).toHaveBeenCalledTimes(1);

    h.worker.sweepSoon(); // at once: the match rests
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(1);

    now += RETRY_AFTER_MS;
    h.worker.sweepSoon(); // a sweep later: taken again, fails the same way, not logged again
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledTimes(1);

    now += RETRY_AFTER_MS;
    h.worker.sweepSoon(); // and again: written this time
    await h.worker.idle();
    expect(h.act).toHaveBeenCalledTimes(3);
    expect(h.match.waitsAt).toBeNull();
    await h.worker.onModuleDestroy();
  });

  it('warns, rather than errs, while gnubg’s external player does not answer', async () => {
    const h = harness();
    h.player.next.mockRejectedValueOnce(new ExternalBotUnavailableError());
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    await h.worker.onModuleDestroy();
  });

  it('between the games of a money session, leaves its opponent BETWEEN_GAMES_PAUSE_MS to leave before it throws', async () => {
    const just = harness({ state: BETWEEN_GAMES, changedAt: NOW });
    await just.worker.onApplicationBootstrap();
    await just.worker.idle();
    expect(just.act).not.toHaveBeenCalled();
    await just.worker.onModuleDestroy();

    const paused = harness({ state: BETWEEN_GAMES, changedAt: new Date(NOW.getTime() - BETWEEN_GAMES_PAUSE_MS) });
    await paused.worker.onApplicationBootstrap();
    await paused.worker.idle();
    expect(paused.act).toHaveBeenCalledTimes(1);
    expect(paused.pending.pendingFor).toHaveBeenCalledWith(
      [BOT],
      expect.any(Number),
      new Date(NOW.getTime() - BETWEEN_GAMES_PAUSE_MS),
      [],
    );
    await paused.worker.onModuleDestroy();
  });

  it('does nothing on a node with BOTS_ENABLED=false', async () => {
    const h = harness({ enabled: false });
    await h.worker.onApplicationBootstrap();
    await h.worker.idle();
    expect(h.pending.pendingFor).not.toHaveBeenCalled();
    expect(h.feed.watchAll).not.toHaveBeenCalled();
    await h.worker.onModuleDestroy();
  });
});

/**
 * The house bots' decisions in worker threads (bot-decision-pool.ts): the
 * worker decides exactly as the engine does on the event loop, for every
 * kind of question, in both variants. It runs the build's copy of the
 * worker (`npm test` builds first).
 */
import type { ConfigService } from '@nestjs/config';
import { botDecision, type MatchState } from '../engine/index.js';
import { playRandomMatch } from '../engine/testing/index.js';
import type { Environment } from '../config/environment.js';
import { BotDecisionPool, NICE_INCREMENT, botDecisionWorkerFile } from './bot-decision-pool.js';
import { decisionRandom } from './decision-random.js';

/**
 * One thread, BOT_PLIES as given (unset: bot's own look-ahead), and a time limit no search here
 * reaches unless given one (a loaded CI machine must not make the threads decide otherwise).
 */
function configWith(plies?: number, timeLimitMs = 600_000): ConfigService<Environment, true> {
  const values: Partial<Record<keyof Environment, number>> = {
    BOT_WORKERS: 1,
    BOT_PLIES: plies,
    BOT_TIME_LIMIT_MS: timeLimitMs,
  };
  return { get: (key: keyof Environment) => values[key] } as unknown as ConfigService<Environment, true>;
}

describe('the house bots’ decision threads', () => {
  let pool: BotDecisionPool;

  beforeAll(async () => {
    pool = new BotDecisionPool(configWith());
    await pool.onApplicationBootstrap();
  });

  afterAll(async () => {
    await pool.onApplicationShutdown();
  });

  it('start one thread at boot and warm it with a decision of each variant', () => {
    expect(pool.concurrency).toBe(1);
    expect(pool.stats()).toEqual({ threads: 1, completed: 2 });
    expect(NICE_INCREMENT).toBeGreaterThan(0);
  });

  it.each(['backgammon', 'long-nardy'] as const)(
    '%s: decide every kind of question as the engine does on the event loop',
    async (variant) => {
      const { states } = playRandomMatch({ variant, length: 3, rules: {} }, 11);
      const asked = states.filter((s: MatchState, i) => 'player' in s.phase && s.status === 'playing' && i % 5 === 0);
      const kinds = new Set<string>();
      for (const [i, state] of asked.entries()) {
        const colour = 'player' in state.phase ? state.phase.player : 'white';
        const level = i % 2 === 0 ? 'strong' : 'easy';
        const here = botDecision(state, colour, level, decisionRandom('m-1', i));
        expect(await pool.decide(state, colour, level, 'm-1', i)).toEqual(here);
        kinds.add(state.phase.kind);
      }
      expect([...kinds]).toEqual(expect.arrayContaining(['roll', 'play']));
    },
  );

  it('caps bot’s look-ahead at BOT_PLIES: at 0, bot plays as the engine does at 0 ply', async () => {
    const capped = new BotDecisionPool(configWith(0));
    try {
      const { states } = playRandomMatch({ variant: 'backgammon', length: 1, rules: {} }, 12);
      const plays = states.filter((s) => s.phase.kind === 'play' && s.phase.plays.length > 3).slice(0, 4);
      for (const [i, state] of plays.entries()) {
        const colour = 'player' in state.phase ? state.phase.player : 'white';
        const zero = botDecision(state, colour, 'strong', decisionRandom('m-2', i), { plies: 0 });
        expect(await capped.decide(state, colour, 'strong', 'm-2', i)).toEqual(zero);
      }
    } finally {
      await capped.onApplicationShutdown();
    }
  });

  it('gives up the search past BOT_TIME_LIMIT_MS: spent at once, bot plays the best of its first ranking', async () => {
    const hurried = new BotDecisionPool(configWith(undefined, 0));
    try {
      // Plays where the whole search and the first ranking differ, so that the answer shows which was made.
      const { states } = playRandomMatch({ variant: 'backgammon', length: 3, rules: {} }, 13);
      const random = (i: number): (() => number) => decisionRandom('m-3', i);
      const differing = states
        .map((state, i) => ({ state, i, colour: 'player' in state.phase ? state.phase.player : ('white' as const) }))
        .filter(({ state }) => state.phase.kind === 'play' && state.phase.plays.length > 8)
        .slice(0, 30)
        .map((c) => ({
          ...c,
          stopped: botDecision(c.state, c.colour, 'strong', random(c.i), { interrupt: () => true }),
        }))
        .filter(
          (c) => JSON.stringify(c.stopped) !== JSON.stringify(botDecision(c.state, c.colour, 'strong', random(c.i))),
        );
      expect(differing.length).toBeGreaterThan(0);
      for (const { state, i, colour, stopped } of differing.slice(0, 3)) {
        expect(await hurried.decide(state, colour, 'strong', 'm-3', i)).toEqual(stopped);
      }
    } finally {
      await hurried.onApplicationShutdown();
    }
  });

  it('names the build’s worker when run from the sources', () => {
    expect(botDecisionWorkerFile()).toMatch(/dist\/bots\/bot-decision-worker\.js$/);
  });
});

/**
 * The house bots' engine decisions in worker threads (docs/bots.md "Deciding"): `bot` looks a
 * roll or two ahead, which takes tens to hundreds of milliseconds of CPU a decision; on the
 * event loop every request would wait that out. BOT_WORKERS threads (piscina) take the decisions,
 * each run with a higher nice value than the server's (NICE_INCREMENT) so that the operating
 * system lets requests go first. One thread is started at boot and makes a decision of each
 * variant, so that the first bot turn does not pay for starting a thread and loading the engine
 * and its networks.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Piscina } from 'piscina';
import {
  applyOrThrow,
  newMatch,
  portableState,
  type BotDecision,
  type BotLevel,
  type Colour,
  type MatchState,
  type Variant,
} from '../engine/index.js';
import type { Environment } from '../config/environment.js';
import type { BotDecisionTask } from './bot-decision-worker.js';

/** How much lower the decision threads' priority is than the server's (nice(2), on Unix). */
export const NICE_INCREMENT = 10;

/** How long an idle thread beyond the first is kept before it ends. */
const IDLE_MS = 30_000;

/** The engine's decision for a house bot: where it is made is the provider's business. */
export abstract class EngineDecisions {
  /** Decisions that may be made at once (one per thread). */
  abstract readonly concurrency: number;

  /** The engine's decision for `colour` at `level` (botDecision), its random source seeded by the match and version. */
  abstract decide(
    state: MatchState,
    colour: Colour,
    level: BotLevel,
    matchId: string,
    version: number,
  ): Promise<BotDecision | null>;
}

/**
 * The worker's compiled entry. The server runs from dist/, where it sits beside this file; the
 * tests run the sources through a TypeScript transform that a worker thread does not have, so
 * there it is the build's copy (`npm test` builds first).
 */
export function botDecisionWorkerFile(here: string = import.meta.url): string {
  const beside = new URL('./bot-decision-worker.js', here);
  const built = here.endsWith('.ts') ? new URL('../../dist/bots/bot-decision-worker.js', here) : beside;
  const file = fileURLToPath(built);
  if (!existsSync(file))
    throw new Error(`The bot decision worker ${file} is missing: build the service first (npm run build).`);
  return file;
}

/** A state in which white must play its opening roll, 3-1: the warm-up's decision. */
function openingPlay(variant: Variant): MatchState {
  let state = newMatch({ variant, length: 1 });
  state = applyOrThrow(state, { type: 'join', colour: 'white' });
  state = applyOrThrow(state, { type: 'join', colour: 'black' });
  return applyOrThrow(state, { type: 'opening-roll', white: 3, black: 1 });
}

@Injectable()
export class BotDecisionPool extends EngineDecisions implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly concurrency: number;
  private readonly pool: Piscina<BotDecisionTask, BotDecision | null>;
  /** BOT_PLIES: `bot`'s look-ahead at most; undefined for its own. */
  private readonly maxPlies: number | undefined;
  /** BOT_TIME_LIMIT_MS: how long `bot` may search its plays. */
  private readonly timeLimitMs: number;

  constructor(config: ConfigService<Environment, true>) {
    super();
    this.concurrency = config.get('BOT_WORKERS', { infer: true });
    this.maxPlies = config.get('BOT_PLIES', { infer: true });
    this.timeLimitMs = config.get('BOT_TIME_LIMIT_MS', { infer: true });
    this.pool = new Piscina({
      filename: botDecisionWorkerFile(),
      minThreads: 1,
      maxThreads: this.concurrency,
      idleTimeout: IDLE_MS,
      niceIncrement: NICE_INCREMENT,
    });
  }

  /** A decision of each variant, so that the thread has loaded the engine and both networks before the first turn. */
  async onApplicationBootstrap(): Promise<void> {
    for (const variant of ['backgammon', 'long-nardy'] as const) {
      await this.decide(openingPlay(variant), 'white', 'strong', 'warm-up', 0);
    }
  }

  decide(
    state: MatchState,
    colour: Colour,
    level: BotLevel,
    matchId: string,
    version: number,
  ): Promise<BotDecision | null> {
    const { maxPlies, timeLimitMs } = this;
    return this.pool.run({ state: portableState(state), colour, level, matchId, version, maxPlies, timeLimitMs });
  }

  /** The threads running, and the decisions they have made since boot (the warm-up's included). */
  stats(): { readonly threads: number; readonly completed: number } {
    return { threads: this.pool.threads.length, completed: this.pool.completed };
  }

  /** After every module's destroy hook: the bot worker has waited for its tasks, which wait for their decisions. */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}

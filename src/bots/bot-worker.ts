/**
 * The house bots' worker, one per node (docs/bots.md, "The worker"): it takes
 * every decision a match waits for from a house bot. A sweep asks the
 * database which matches wait for one (PendingDecisionsRepository): at boot,
 * so that turns left pending by a node that died are taken; whenever any node
 * commits a write (MatchFeed.watchAll); and every SWEEP_EVERY_MS, for a
 * notification lost with its node. Each match found is loaded, decided
 * (HouseBotPlayer) and acted on through MatchActionsService like any
 * player's action, on the version decided on: when two nodes take the same
 * decision, the versioned append writes one and refuses the other with a
 * VersionConflictError, which is the expected end of the loser's work and is
 * not logged. On one node a match is worked on by one task at a time. A
 * failure is logged and the decision taken again on a later sweep; nothing
 * a decision does stops the worker.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LRUCache } from 'lru-cache';
import { Clock } from '../common/clock.js';
import { ServiceContext } from '../common/service-context.js';
import type { Environment } from '../config/environment.js';
import { betweenMoneyGames } from '../engine/index.js';
import {
  MatchActionsService,
  MatchFeed,
  MatchStore,
  PendingDecisionsRepository,
  VersionConflictError,
  type PendingDecision,
} from '../matches/index.js';
import { UsersRepository } from '../users/users.repository.js';
import { ExternalBotUnavailableError } from './external-bot-player.js';
import { HouseBotPlayer, houseBotAccount, type HouseBotAccount } from './house-bot-player.js';

/** How often a node sweeps without being told of a write. */
export const SWEEP_EVERY_MS = 1_000;
/** The least time between two sweeps asked for by writes (many writes at once make one sweep). */
export const SWEEP_GAP_MS = 25;
/** Matches taken up per sweep, at most (the oldest first; the rest on the next). */
export const SWEEP_LIMIT = 100;
/**
 * How long a house bot leaves a money session between games before it throws for the next: the
 * moment its opponent has to leave without forfeiting a game (docs/rules.md M6).
 */
export const BETWEEN_GAMES_PAUSE_MS = 1_000;
/** How long a match whose decision failed rests before the decision is taken again at the same version. */
export const RETRY_AFTER_MS = 1_000;
/** Decisions taken in a row in one match by one task (a roll, then its play, ...), at most. */
const STEPS_PER_TASK = 16;
/** Failed decisions remembered, at most (to log each once and let it rest). */
const FAILURES_KEPT = 10_000;

/** A decision that failed: at which version, and when (monotonic ms). */
interface Failure {
  readonly version: number;
  readonly at: number;
}

@Injectable()
export class BotWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BotWorker');
  /** Timers and the feed's callbacks run outside every request: a bot's action is no request's (no Idempotency-Key). */
  private readonly outside = new ServiceContext();
  private readonly enabled: boolean;
  private bots: ReadonlyMap<string, HouseBotAccount> | null = null;
  /** The matches a task works on now, on this node. */
  private readonly working = new Map<string, Promise<void>>();
  private readonly failures = new LRUCache<string, Failure>({ max: FAILURES_KEPT });
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  /** A sweep ran while tasks worked (and left their matches out): sweep again when a task ends. */
  private sweptWhileWorking = false;
  private timer: NodeJS.Timeout | null = null;
  private unwatch: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly store: MatchStore,
    private readonly actions: MatchActionsService,
    private readonly feed: MatchFeed,
    private readonly pending: PendingDecisionsRepository,
    private readonly users: UsersRepository,
    private readonly player: HouseBotPlayer,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.enabled = config.get('BOTS_ENABLED', { infer: true });
  }

  /** Starts the worker (unless BOTS_ENABLED=false): the boot sweep, the feed, the periodic sweep. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) {
      this.logger.log('House bots are off on this node (BOTS_ENABLED=false)');
      return;
    }
    this.outside.run(() => {
      this.timer = setInterval(() => this.sweepSoon(), SWEEP_EVERY_MS).unref();
    });
    this.sweepSoon();
    try {
      this.unwatch = await this.feed.watchAll(this.outside.bind(() => this.sweepSoon()));
    } catch (err) {
      this.logger.error({ err }, `Not hearing of writes: house bots act on the sweep every ${SWEEP_EVERY_MS} ms`);
    }
  }

  /** Stops sweeping, and waits for the decisions under way. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.unwatch?.();
    await this.idle();
  }

  /** Resolves when no sweep and no decision is under way on this node. */
  async idle(): Promise<void> {
    while (this.sweeping !== null || this.working.size > 0) {
      await Promise.all([this.sweeping, ...this.working.values()]);
    }
  }

  /** Sweeps now, or right after the sweep under way (the requests meanwhile make one sweep). */
  sweepSoon(): void {
    if (this.stopped) return;
    if (this.sweeping !== null) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.outside.run(() =>
      this.sweep()
        .catch((err: unknown) => this.logger.error({ err }, 'The house bots could not look for their decisions'))
        .then(() => (this.sweepAgain ? pause(SWEEP_GAP_MS) : undefined))
        .finally(() => {
          this.sweeping = null;
          if (this.sweepAgain) {
            this.sweepAgain = false;
            this.sweepSoon();
          }
        }),
    );
  }

  /**
   * Finds the matches waiting for a house bot and starts a task on each. The matches this node works
   * on, or lets rest after a failure, are left out of the query, so that they never take the places
   * of others; a task that ends after such a sweep sweeps again, for what it may have hidden.
   */
  private async sweep(): Promise<void> {
    const bots = await this.houseBots();
    if (bots.size === 0) return;
    const since = new Date(this.clock.now().getTime() - BETWEEN_GAMES_PAUSE_MS);
    const busy = [...this.working.keys(), ...this.restingMatches()];
    if (this.working.size > 0) this.sweptWhileWorking = true;
    const now = this.clock.now();
    const decisions = [
      ...(await this.pending.pendingFor([...bots.keys()], SWEEP_LIMIT, since, busy)),
      // Their opponents' passed deadlines: the bots claim the timeouts (docs/bots.md, "Timeouts").
      ...(await this.pending.overdueOpponentsOf([...bots.keys()], now, SWEEP_LIMIT, busy)),
    ];
    for (const found of decisions) {
      const bot = bots.get(found.userId);
      if (bot === undefined || this.stopped || this.working.has(found.matchId)) continue;
      const task = this.work(found, bot).finally(() => {
        this.working.delete(found.matchId);
        if (this.sweptWhileWorking) {
          this.sweptWhileWorking = false;
          this.sweepSoon();
        }
      });
      this.working.set(found.matchId, task);
    }
  }

  /** The house bots' accounts, read once. */
  private async houseBots(): Promise<ReadonlyMap<string, HouseBotAccount>> {
    if (this.bots === null) {
      const accounts = (await this.users.houseBots()).flatMap((user) => houseBotAccount(user) ?? []);
      if (accounts.length === 0) this.logger.warn('There are no house bot accounts (the bots migration makes them)');
      else this.bots = new Map(accounts.map((account) => [account.id, account]));
    }
    return this.bots ?? new Map();
  }

  /** The matches whose decision failed a moment ago: they rest a while before it is taken again. */
  private restingMatches(): string[] {
    const now = performance.now();
    const resting: string[] = [];
    for (const [matchId, failure] of this.failures.entries())
      if (now - failure.at < RETRY_AFTER_MS) resting.push(matchId);
    return resting;
  }

  /**
   * Takes the bot's decisions in the match, one after the other (a roll, then its play), until it
   * waits for the opponent, or another node or player got in first. Never throws.
   */
  private async work(found: PendingDecision, bot: HouseBotAccount): Promise<void> {
    const { matchId } = found;
    let version = found.version;
    try {
      for (let step = 0; step < STEPS_PER_TASK && !this.stopped; step++) {
        const match = await this.store.load(matchId);
        version = match.record.version;
        if (betweenMoneyGames(match.state) && !this.pauseOver(match.record.updatedAt)) return;
        const action = await this.player.next(match, bot);
        if (action === null) break;
        await this.actions.act(matchId, bot.id, action, version);
      }
      this.failures.delete(matchId);
    } catch (err: unknown) {
      if (err instanceof VersionConflictError) return;
      this.failed(matchId, bot, version, err);
    }
  }

  private pauseOver(updatedAt: Date): boolean {
    return this.clock.now().getTime() - updatedAt.getTime() >= BETWEEN_GAMES_PAUSE_MS;
  }

  /** Logs a failed decision (once per match and version), and lets the match rest before it is taken again. */
  private failed(matchId: string, bot: HouseBotAccount, version: number, err: unknown): void {
    const known = this.failures.get(matchId)?.version === version;
    this.failures.set(matchId, { version, at: performance.now() });
    if (known) return;
    const what = `${bot.username} could not act in match ${matchId} at version ${version}; it tries again on a later sweep`;
    if (err instanceof ExternalBotUnavailableError) this.logger.warn(`${what}: ${err.message}`);
    else this.logger.error({ err }, what);
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The house bots' worker, one per node (docs/bots.md, "The worker"): it takes
 * every decision a match waits for from a house bot. A sweep asks the
 * database which matches wait for one (PendingDecisionsRepository): at boot,
 * so that turns left pending by a node that died are taken; whenever any node
 * commits a write (MatchFeed.watchAll); and every SWEEP_EVERY_MS (this node's
 * BACKGROUND_JOBS.botsSweep), for a notification lost with its node. Each match found is loaded, decided
 * (HouseBotPlayer) and acted on through MatchActionsService like any
 * player's action, on the version decided on: when two nodes take the same
 * decision, the versioned append writes one and refuses the other with a
 * VersionConflictError, which is the expected end of the loser's work and is
 * not logged. On one node a match is worked on by one task at a time (the
 * sweeping is KeyedSweeper's). A failure is logged and the decision taken
 * again on a later sweep; nothing a decision does stops the worker.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LRUCache } from 'lru-cache';
import { BACKGROUND_JOBS, NodeTimer } from '../background/index.js';
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
import { UsersRepository } from '../users/index.js';
import { ExternalBotUnavailableError } from '../house-bots/index.js';
import { HouseBotPlayer, houseBotAccount, type HouseBotAccount } from './house-bot-player.js';
import { KeyedSweeper } from './keyed-sweeper.js';

/** How often a node sweeps without being told of a write. */
export const SWEEP_EVERY_MS = BACKGROUND_JOBS.botsSweep.everyMs;
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

@Injectable()
export class BotWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BotWorker');
  /** Timers and the feed's callbacks run outside every request: a bot's action is no request's (no Idempotency-Key). */
  private readonly outside = new ServiceContext();
  private readonly enabled: boolean;
  private bots: ReadonlyMap<string, HouseBotAccount> | null = null;
  /** The version each match's decision last failed at: each failure is logged once per match and version. */
  private readonly failedAt = new LRUCache<string, number>({ max: FAILURES_KEPT });
  private readonly sweeper: KeyedSweeper<Found>;
  private readonly sweeping = new NodeTimer(BACKGROUND_JOBS.botsSweep, () => this.sweepSoon());
  private unwatch: (() => void) | null = null;

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
    this.sweeper = new KeyedSweeper<Found>({
      find: (busy) => this.find(busy),
      keyOf: (found) => found.decision.matchId,
      work: (found) => this.work(found.decision, found.bot),
      sweepFailed: (err) => this.logger.error({ err }, 'The house bots could not look for their decisions'),
      gapMs: SWEEP_GAP_MS,
      restMs: RETRY_AFTER_MS,
      maxResting: FAILURES_KEPT,
    });
  }

  /** Starts the worker (unless BOTS_ENABLED=false): the boot sweep, the feed, the periodic sweep. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) {
      this.logger.log('House bots are off on this node (BOTS_ENABLED=false)');
      return;
    }
    this.sweeping.start();
    this.sweepSoon();
    try {
      this.unwatch = await this.feed.watchAll(this.outside.bind(() => this.sweepSoon()));
    } catch (err) {
      this.logger.error({ err }, `Not hearing of writes: house bots act on the sweep every ${SWEEP_EVERY_MS} ms`);
    }
  }

  /** Stops sweeping, and waits for the decisions under way. */
  async onModuleDestroy(): Promise<void> {
    this.sweeping.stop();
    this.unwatch?.();
    await this.sweeper.stop();
  }

  /** Resolves when no sweep and no decision is under way on this node. */
  idle(): Promise<void> {
    return this.sweeper.idle();
  }

  /** Sweeps now, or right after the sweep under way (the requests meanwhile make one sweep). */
  sweepSoon(): void {
    this.outside.run(() => this.sweeper.sweepSoon());
  }

  /**
   * The matches waiting for a house bot, and the opponents' passed deadlines the bots claim (docs/bots.md,
   * "Timeouts"); the matches this node works on, or lets rest after a failure, are left out of the query,
   * so that they never take the places of others.
   */
  private async find(busy: readonly string[]): Promise<Found[]> {
    const bots = await this.houseBots();
    if (bots.size === 0) return [];
    const since = new Date(this.clock.now().getTime() - BETWEEN_GAMES_PAUSE_MS);
    const now = this.clock.now();
    const decisions = [
      ...(await this.pending.pendingFor([...bots.keys()], SWEEP_LIMIT, since, [...busy])),
      ...(await this.pending.overdueOpponentsOf([...bots.keys()], now, SWEEP_LIMIT, [...busy])),
    ];
    return decisions.flatMap((decision) => {
      const bot = bots.get(decision.userId);
      return bot === undefined ? [] : [{ decision, bot }];
    });
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

  /**
   * Takes the bot's decisions in the match, one after the other (a roll, then its play), until it
   * waits for the opponent, or another node or player got in first. Rejects (the match then rests)
   * when a decision failed, after logging it.
   */
  private async work(found: PendingDecision, bot: HouseBotAccount): Promise<void> {
    const { matchId } = found;
    let version = found.version;
    try {
      for (let step = 0; step < STEPS_PER_TASK && !this.sweeper.isStopped; step++) {
        const match = await this.store.load(matchId);
        version = match.record.version;
        if (betweenMoneyGames(match.state) && !this.pauseOver(match.record.updatedAt)) return;
        const action = await this.player.next(match, bot);
        if (action === null) break;
        await this.actions.act(matchId, bot.id, action, version);
      }
      this.failedAt.delete(matchId);
    } catch (err: unknown) {
      if (err instanceof VersionConflictError) return;
      this.failed(matchId, bot, version, err);
      throw err;
    }
  }

  private pauseOver(updatedAt: Date): boolean {
    return this.clock.now().getTime() - updatedAt.getTime() >= BETWEEN_GAMES_PAUSE_MS;
  }

  /** Logs a failed decision, once per match and version. */
  private failed(matchId: string, bot: HouseBotAccount, version: number, err: unknown): void {
    const known = this.failedAt.get(matchId) === version;
    this.failedAt.set(matchId, version);
    if (known) return;
    const what = `${bot.username} could not act in match ${matchId} at version ${version}; it tries again on a later sweep`;
    if (err instanceof ExternalBotUnavailableError) this.logger.warn(`${what}: ${err.message}`);
    else this.logger.error({ err }, what);
  }
}

/** A decision found waiting, with the house bot it waits for. */
interface Found {
  readonly decision: PendingDecision;
  readonly bot: HouseBotAccount;
}

/**
 * The tournaments' relay (docs/tournaments.md, "Progress"), on every node
 * with TOURNAMENTS_ENABLED: it records the results of finished tournament
 * matches (the outbox a trigger on match_events fills), takes the steps the
 * tournaments are marked for, and starts (or cancels) tournaments whose start
 * time has come. Rows are taken with a lease, so nodes share them and a node
 * that dies leaves its rows to the others once the lease ends. It wakes on
 * the match feed (a write on any node) and looks every few seconds anyway.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/domain-error.js';
import { ServiceContext } from '../../common/service-context.js';
import type { Environment } from '../../config/environment.js';
import { MatchFeed } from '../../matches/index.js';
import { TournamentProgress } from './tournament-progress.js';
import { TournamentsService } from './tournaments.service.js';
import { TournamentsRepository } from './tournaments.repository.js';
import { TournamentRefusedError } from '../model/tournament.errors.js';

/** How long a taken row is this node's before another may take it. */
const LEASE_SECONDS = 60;
/** Rows taken at a time. */
const BATCH = 20;

@Injectable()
export class TournamentRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('TournamentRelay');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private watching: Promise<void> = Promise.resolve();
  private readonly enabled: boolean;
  private readonly intervalMs: number;

  constructor(
    private readonly repository: TournamentsRepository,
    private readonly progress: TournamentProgress,
    private readonly tournaments: TournamentsService,
    private readonly feed: MatchFeed,
    private readonly clock: Clock,
    @Inject(ConfigService) config: ConfigService<Environment, true>,
  ) {
    this.enabled = config.get('TOURNAMENTS_ENABLED', { infer: true });
    this.intervalMs = config.get('TOURNAMENTS_POLL_MS', { infer: true });
  }

  /** Starts in the background, outside any request's context (its writes are the service's own). */
  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    const outside = new ServiceContext();
    const wake = outside.bind(() => this.wake());
    this.timer = setInterval(wake, this.intervalMs);
    this.timer.unref();
    this.watching = outside.run(async () => {
      const unwatch = await this.feed.watchAll(wake);
      if (this.stopped) unwatch();
      else this.unsubscribe = unwatch;
      wake();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    await this.watching.catch(() => undefined);
    this.unsubscribe?.();
    await this.running;
  }

  /** Runs a pass now, or once more after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => {
      this.running = null;
    });
  }

  /** Passes until one finds nothing and nothing woke it meanwhile. */
  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        if (await this.pass()) this.again = true;
      } catch (err: unknown) {
        this.log.error(`a pass failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        return;
      }
    } while (this.again && !this.stopped);
  }

  /**
   * One pass; true when it found work (there may be more). A row whose work fails is logged and left
   * to its lease's end (then taken again); the others go on.
   */
  async pass(): Promise<boolean> {
    let worked = false;
    for (const taken of await this.repository.takeOutbox(LEASE_SECONDS, BATCH)) {
      worked = true;
      await this.attempt(`the result of match ${taken.id}`, async () => {
        await this.progress.recordResult(taken.id);
        await this.repository.doneOutbox(taken);
      });
    }
    for (const id of await this.repository.dueToStart(this.clock.now(), BATCH)) {
      // A start that failed is not work done: the next periodic look tries it again, not this pass.
      if (await this.attempt(`the start of tournament ${id}`, () => this.startOrCancel(id))) worked = true;
    }
    for (const taken of await this.repository.takeSteps(LEASE_SECONDS, BATCH)) {
      worked = true;
      await this.attempt(`a step of tournament ${taken.id}`, async () => {
        await this.progress.step(taken.id);
        await this.repository.doneStep(taken);
      });
    }
    return worked;
  }

  /** Does `work`; false, logged, when it failed. */
  private async attempt(what: string, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (err: unknown) {
      this.log.error(
        `${what} failed; it is taken again in ${LEASE_SECONDS} s: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return false;
    }
  }

  /** A tournament whose start time came: started, or cancelled when too few entered. */
  private async startOrCancel(id: string): Promise<void> {
    try {
      await this.tournaments.start(id, null);
    } catch (err: unknown) {
      if (err instanceof TournamentRefusedError && err.code === 'too-few-entrants') {
        await this.tournaments.cancelForTooFew(id);
        return;
      }
      if (err instanceof DomainError) return; // started or cancelled meanwhile
      throw err;
    }
  }
}

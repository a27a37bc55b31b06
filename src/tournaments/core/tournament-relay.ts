/**
 * The tournaments' relay (docs/tournaments.md, "Progress"), on every node
 * with TOURNAMENTS_ENABLED: it records the results of finished tournament
 * matches (the outbox a trigger on match_events fills), takes the steps the
 * tournaments are marked for, and starts (or cancels) tournaments whose start
 * time has come. Rows are taken with a short lease that the node renews every
 * second while it works on them, so nodes share them and a node that dies
 * (kill -9, a machine lost) leaves its rows to the others within seconds. It
 * wakes on the match feed (a write on any node), when the soonest lease of
 * another node ends, and on the background job of its fallback poll
 * (BACKGROUND_JOBS.tournamentsRelayPoll, every TOURNAMENTS_POLL_MS on some node).
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BACKGROUND_JOBS, BackgroundJob } from '../../background/index.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/domain-error.js';
import { ServiceContext } from '../../common/service-context.js';
import type { Environment } from '../../config/environment.js';
import { MatchFeed } from '../../matches/index.js';
import { TournamentProgress } from './tournament-progress.js';
import { TournamentsService } from './tournaments.service.js';
import { TournamentsRepository, type LeasedRows, type Taken } from './tournaments.repository.js';
import { TournamentRefusedError } from '../model/tournament.errors.js';

/**
 * How long a taken row stays this node's without a renewal: a node that dies leaves its rows to the
 * others after at most this long (docs/tournaments.md, "Progress").
 */
const LEASE_SECONDS = 5;
/** How often a node renews the leases of the rows it works on: a lease outlives four missed renewals. */
const RENEW_EVERY_MS = 1_000;
/** A row whose work failed is left this long before it is taken again. */
const RETRY_SECONDS = 60;
/** Rows taken at a time. */
const BATCH = 20;
/** Slack after another node's lease ends before looking again (its end is read from the database's clock). */
const AFTER_LEASE_MS = 50;

@Injectable()
export class TournamentRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('TournamentRelay');
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private watching: Promise<void> = Promise.resolve();
  private readonly enabled: boolean;
  /** This relay's name on the leases it holds: it renews only its own. */
  private readonly holder = randomUUID();
  /** The look at the end of another node's lease, and when it is due (ms since the epoch). */
  private leaseTimer: { readonly timer: NodeJS.Timeout; readonly at: number } | null = null;
  /** FAULT_STALL_TOURNAMENT_STEP (tests only): hold every step taken, renewing its lease, and never do it. */
  private readonly stallSteps: boolean;

  constructor(
    private readonly repository: TournamentsRepository,
    private readonly progress: TournamentProgress,
    private readonly tournaments: TournamentsService,
    private readonly feed: MatchFeed,
    private readonly clock: Clock,
    @Inject(ConfigService) config: ConfigService<Environment, true>,
  ) {
    this.enabled = config.get('TOURNAMENTS_ENABLED', { infer: true });
    this.stallSteps = config.get('FAULT_STALL_TOURNAMENT_STEP', { infer: true }) === 'on';
  }

  /** Starts in the background, outside any request's context (its writes are the service's own). */
  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    const outside = new ServiceContext();
    const wake = outside.bind(() => this.wake());
    this.watching = outside.run(async () => {
      const unwatch = await this.feed.watchAll(wake);
      if (this.stopped) unwatch();
      else this.unsubscribe = unwatch;
      wake();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer !== null) clearTimeout(this.leaseTimer.timer);
    await this.watching.catch(() => undefined);
    this.unsubscribe?.();
    await this.running;
  }

  /** The fallback poll's job: a pass, as a wake. */
  @BackgroundJob(BACKGROUND_JOBS.tournamentsRelayPoll)
  poll(): void {
    if (this.enabled) this.wake();
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
        this.log.error(`a pass failed: ${describe(err)}`);
        return;
      }
    } while (this.again && !this.stopped);
  }

  /**
   * One pass; true when it found work (there may be more). A row whose work fails is logged and left
   * for RETRY_SECONDS (then taken again); the others go on.
   */
  async pass(): Promise<boolean> {
    const results = await this.take('outbox');
    await this.working('outbox', results, async (taken) => {
      await this.progress.recordResult(taken.id);
      await this.repository.doneOutbox(taken);
    });
    let worked = results.length > 0;
    for (const id of await this.repository.dueToStart(this.clock.now(), BATCH)) {
      // A start that failed is not work done: the next periodic look tries it again, not this pass.
      if (await this.attempt(`the start of tournament ${id}`, () => this.startOrCancel(id))) worked = true;
    }
    const steps = await this.take('steps');
    await this.working('steps', steps, async (taken) => {
      if (this.stallSteps) await new Promise<never>(() => undefined);
      await this.progress.step(taken.id);
      await this.repository.doneStep(taken);
    });
    return worked || steps.length > 0;
  }

  /** Takes rows with a lease; when another node holds some, looks again as soon as its lease ends. */
  private async take(rows: LeasedRows): Promise<readonly Taken[]> {
    const { taken, nextFreeInMs } = await this.repository.take(rows, this.holder, LEASE_SECONDS, BATCH);
    if (nextFreeInMs !== null) this.lookAgainIn(nextFreeInMs + AFTER_LEASE_MS);
    return taken;
  }

  /** A wake in `ms`, unless one comes sooner already. */
  private lookAgainIn(ms: number): void {
    const at = Date.now() + ms;
    if (this.stopped || (this.leaseTimer !== null && this.leaseTimer.at <= at)) return;
    if (this.leaseTimer !== null) clearTimeout(this.leaseTimer.timer);
    const timer = setTimeout(() => {
      this.leaseTimer = null;
      this.wake();
    }, ms);
    timer.unref();
    this.leaseTimer = { timer, at };
  }

  /**
   * Does `work` on each taken row in turn, renewing the leases of the rows not done yet every
   * RENEW_EVERY_MS meanwhile; a row whose work failed is held for RETRY_SECONDS.
   */
  private async working(
    rows: LeasedRows,
    taken: readonly Taken[],
    work: (taken: Taken) => Promise<void>,
  ): Promise<void> {
    if (taken.length === 0) return;
    const held = new Set(taken.map((t) => t.id));
    // One renewal at a time, in order, so that none lands after the hold of a failed row.
    let renewal: Promise<void> = Promise.resolve();
    const renew = (ids: readonly string[], seconds: number): Promise<void> =>
      (renewal = renewal
        .then(() => this.repository.renew(rows, this.holder, ids, seconds))
        .catch((err: unknown) => this.log.error(`renewing leases failed: ${describe(err)}`)));
    const renewing = setInterval(() => void renew([...held], LEASE_SECONDS), RENEW_EVERY_MS);
    renewing.unref();
    try {
      for (const row of taken) {
        const what = rows === 'outbox' ? `the result of match ${row.id}` : `a step of tournament ${row.id}`;
        const done = await this.attempt(what, () => work(row));
        held.delete(row.id);
        if (!done) await renew([row.id], RETRY_SECONDS);
      }
    } finally {
      clearInterval(renewing);
      await renewal;
    }
  }

  /** Does `work`; false, logged, when it failed. */
  private async attempt(what: string, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (err: unknown) {
      this.log.error(`${what} failed; it is taken again in ${RETRY_SECONDS} s: ${describe(err)}`);
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

function describe(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

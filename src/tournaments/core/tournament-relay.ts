/**
 * The tournaments' relay (docs/tournaments.md, "Progress"), on every node
 * with TOURNAMENTS_ENABLED: two subscribers of the outbox, the result recorder
 * (the `match.appended` messages of tournament matches: a finished match's
 * result recorded in its tournament) and the step taker (`tournament.step-due`),
 * and the start (or cancellation) of tournaments whose start time has come.
 * The outbox's consumer takes their messages with a short lease that it renews
 * while they work, so nodes share them and a node that dies leaves its
 * messages to the others within seconds. It wakes on the match feed (a write
 * on any node), when the soonest lease of another node ends, and on the
 * background job of its fallback poll (BACKGROUND_JOBS.tournamentsRelayPoll,
 * every TOURNAMENTS_POLL_MS on some node).
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BACKGROUND_JOBS, BackgroundJob } from '../../background/index.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/domain-error.js';
import { ServiceContext } from '../../common/service-context.js';
import type { Environment } from '../../config/environment.js';
import { Outbox, type OutboxConsumer, type OutboxSubscriber } from '../../database/outbox/outbox.js';
import { MatchFeed } from '../../matches/index.js';
import { TournamentProgress } from './tournament-progress.js';
import { TournamentsService } from './tournaments.service.js';
import { TournamentsRepository } from './tournaments.repository.js';
import { TournamentRefusedError } from '../model/tournament.errors.js';

/** A message whose work failed is left this long before it is taken again. */
const RETRY_SECONDS = 60;
/** Messages (and tournaments due to start) taken at a time. */
const BATCH = 20;

@Injectable()
export class TournamentRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('TournamentRelay');
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private watching: Promise<void> = Promise.resolve();
  private readonly enabled: boolean;
  /** FAULT_STALL_TOURNAMENT_STEP (tests only): hold every step taken, renewing its lease, and never do it. */
  private readonly stallSteps: boolean;
  /** The outbox's consumers of the result recorder and of the step taker. */
  private readonly results: OutboxConsumer;
  private readonly steps: OutboxConsumer;

  constructor(
    private readonly repository: TournamentsRepository,
    private readonly progress: TournamentProgress,
    private readonly tournaments: TournamentsService,
    private readonly feed: MatchFeed,
    private readonly clock: Clock,
    outbox: Outbox,
    @Inject(ConfigService) config: ConfigService<Environment, true>,
  ) {
    this.enabled = config.get('TOURNAMENTS_ENABLED', { infer: true });
    this.stallSteps = config.get('FAULT_STALL_TOURNAMENT_STEP', { infer: true }) === 'on';
    this.results = outbox.consumer(
      this.subscriber(
        'tournaments.result',
        (id) => `the result of match ${id}`,
        (id) => this.progress.recordResult(id),
      ),
    );
    this.steps = outbox.consumer(
      this.subscriber(
        'tournaments.step',
        (id) => `a step of tournament ${id}`,
        async (id) => {
          if (this.stallSteps) await new Promise<never>(() => undefined);
          await this.progress.step(id);
        },
      ),
    );
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
    await this.watching.catch(() => undefined);
    this.unsubscribe?.();
    await Promise.all([this.results.stop(), this.steps.stop()]);
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
   * One pass; true when it found work (there may be more): results, starts, steps. A message whose
   * work fails is logged and left for RETRY_SECONDS (then taken again); the others go on.
   */
  async pass(): Promise<boolean> {
    let worked = (await this.results.pass()) > 0;
    for (const id of await this.repository.dueToStart(this.clock.now(), BATCH)) {
      // A start that failed is not work done: the next periodic look tries it again, not this pass.
      if (await this.attempt(`the start of tournament ${id}`, () => this.startOrCancel(id))) worked = true;
    }
    return (await this.steps.pass()) > 0 || worked;
  }

  /** A subscriber doing `work` on each message's key in turn, acknowledging each done. */
  private subscriber(
    name: string,
    what: (key: string) => string,
    work: (key: string) => Promise<void>,
  ): OutboxSubscriber {
    return {
      name,
      batch: BATCH,
      retrySeconds: RETRY_SECONDS,
      wake: () => this.wake(),
      handle: async (messages, acknowledge) => {
        for (const message of messages) {
          if (await this.attempt(what(message.key), () => work(message.key))) await acknowledge([message]);
        }
      },
    };
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

import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import { JobQueue } from '../../database/job-queue.js';
import type { Decided, StillDue } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { type FirstTry, NOTIFICATION_CHANNELS, type NotificationChannel, NotTriedNow } from './notification-channel.js';
import type { OpenTransaction } from './notification-queue.js';
import type { Notification } from './notification.js';
import { stableId } from '../../common/stable-id.js';

/** Where a job goes after its last failed try, for operators to look at (docs/notifications.md). */
const DEAD_LETTER = 'notification-dead';
const deliveryQueue = (channel: NotificationChannel): string => `notification-${channel.name}`;

interface DeliveryData {
  readonly notification: Notification;
  readonly destination: string;
  /** What must still hold when it goes out (absent from jobs queued before it was carried: always). */
  readonly still?: StillDue;
  /** The number of the job's first try: 2 when the relay made the first (absent: 1). */
  readonly firstTry?: number;
}

/** A delivery decided, with its stable id, before it is tried or queued. */
interface Planned {
  readonly id: string;
  readonly data: DeliveryData;
}

/**
 * The notifications' jobs in the job queue (docs/notifications.md, "Durable delivery"). Queuing a
 * batch of decided notifications asks every channel where they go, in the caller's transaction, and
 * queues one delivery job per destination there, its id made from the notification's and the
 * destination (so deciding a notification again, after a crash or on another node, queues nothing
 * twice). A worker takes a channel's deliveries in batches: it drops those no longer due (a turn
 * already taken), hands the rest to the channel at once, and each delivery that failed is retried
 * by the channel's policy (exponential backoff with jitter, pg-boss's retryBackoff) until its last
 * try, after which it moves to the dead-letter queue.
 */
@Injectable()
export class NotificationJobs {
  private readonly logger = new Logger('Notifications');
  private ready$: Promise<PgBoss> | null = null;
  /** This node's workers, by queue. */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly queue: JobQueue,
    private readonly facts: MatchFactsRepository,
    private readonly modules: ModuleRef,
  ) {}

  /**
   * The channels, from the notifications module: looked up when first needed, because the
   * channels' modules send through this queue (a constructor dependency would be a cycle).
   */
  private get channels(): NotificationChannel[] {
    return this.modules.get<NotificationChannel[]>(NOTIFICATION_CHANNELS, { strict: false });
  }

  /** The started queue, with the notifications' queues made (once; each node makes them if absent). */
  ready(): Promise<PgBoss> {
    this.ready$ ??= this.createQueues();
    return this.ready$;
  }

  /**
   * Queues `decided` for delivery: in `tx` when given (it exists exactly when `tx` commits), not
   * before `startAfter`. A notification already queued (by its id) is not queued again.
   */
  async enqueue(decided: Decided, options: { tx?: OpenTransaction; startAfter?: Date } = {}): Promise<void> {
    await this.enqueueAll([decided], options);
  }

  /**
   * `enqueue` for several: each channel is asked once for all of them, and queues its deliveries
   * in one statement. With `tx`, the caller wakes the workers (`wake`) once it has committed
   * (before, they would find nothing). With `firstTry` (the relay's, in `tx`), the deliveries of a
   * channel that lets the relay try first are tried here, and only those that fail, or that the
   * channel would not try at once, are queued: a failed one as its second try, after the channel's
   * first retry delay (docs/notifications.md, "The first try").
   */
  async enqueueAll(
    decided: readonly Decided[],
    options: { tx?: OpenTransaction; startAfter?: Date; firstTry?: FirstTry } = {},
  ): Promise<void> {
    if (decided.length === 0) return;
    const boss = await this.ready();
    const notifications = decided.map((one) => one.notification);
    const queued: string[] = [];
    // One channel after the other: a transaction runs one statement at a time.
    for (const channel of this.channels) {
      const destinations = await channel.destinationsOf(notifications, options.tx);
      const planned: Planned[] = decided.flatMap(({ notification, still }, i) =>
        (destinations[i] ?? []).map((destination) => ({
          id: stableId(`${notification.id}:${channel.name}:${destination}`),
          data: { notification, destination, still },
        })),
      );
      if (planned.length === 0) continue;
      const jobs =
        options.firstTry !== undefined && channel.firstTryByRelay
          ? await this.tryFirst(channel, planned, options.firstTry)
          : planned.map((job) => ({
              ...job,
              ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
            }));
      if (jobs.length === 0) continue;
      const queue = deliveryQueue(channel);
      await boss.insert(queue, jobs, options.tx === undefined ? undefined : { db: JobQueue.inTransaction(options.tx) });
      queued.push(queue);
    }
    if (options.tx === undefined) for (const queue of queued) this.wakeWorker(queue);
  }

  /**
   * The relay's first try of `planned` on `channel`: nothing is left of what went through (or was
   * dropped for good); the jobs to queue for the rest, a failed one as its second try after the
   * channel's first retry delay (with jitter), one not tried as its first, at once.
   */
  private async tryFirst(
    channel: NotificationChannel,
    planned: readonly Planned[],
    firstTry: FirstTry,
  ): Promise<Array<Planned & { startAfter?: Date; retryLimit?: number }>> {
    const outcomes = await channel.deliverAll(
      planned.map(({ data }) => ({
        notification: data.notification,
        destination: data.destination,
        attempt: { number: 1, final: false },
      })),
      firstTry,
    );
    return planned.flatMap((job, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined || outcome.status === 'fulfilled') return [];
      if (outcome.reason instanceof NotTriedNow) return [job];
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      this.logger.warn(
        `${channel.name} delivery of ${job.data.notification.id} failed (try 1), will be retried: ${message}`,
      );
      const delayMs = channel.retry.delaySeconds * 1000 * (0.5 + Math.random());
      return [
        {
          id: job.id,
          data: { ...job.data, firstTry: 2 },
          startAfter: new Date(Date.now() + delayMs),
          retryLimit: Math.max(0, channel.retry.retries - 1),
        },
      ];
    });
  }

  /** Wakes this node's delivery workers, after its caller's transaction queued notifications and committed. */
  wake(): void {
    for (const queue of this.workers.keys()) this.wakeWorker(queue);
  }

  private wakeWorker(queue: string): void {
    const worker = this.workers.get(queue);
    if (worker !== undefined && this.ready$ !== null)
      void this.ready$.then((boss) => boss.notifyWorker(worker)).catch(() => undefined);
  }

  /**
   * Starts this node's workers, one per channel. Each takes deliveries in batches and, while a
   * fetch comes back full, fetches again at once (a backlog drains at the speed of the work, not
   * of the polling); each delivery of a batch succeeds or fails on its own.
   */
  async work(): Promise<void> {
    const boss = await this.ready();
    // The jobs this node queues wake its workers at once (`wake`); those of other nodes, and
    // retries coming due, are found by polling.
    const polling = { pollingIntervalSeconds: 2, burstWhenBatchFull: true };
    for (const channel of this.channels) {
      const worker = await boss.work(
        deliveryQueue(channel),
        {
          ...polling,
          batchSize: channel.deliveriesPerBatch,
          localConcurrency: 2,
          includeMetadata: true as const,
          perJobResults: true as const,
        },
        (jobs: JobWithMetadata<DeliveryData>[]) => this.deliverBatch(channel, jobs),
      );
      this.workers.set(deliveryQueue(channel), worker);
    }
  }

  private async createQueues(): Promise<PgBoss> {
    const boss = await this.queue.ready();
    const made = new Set((await boss.getQueues()).map((queue) => queue.name));
    const create = async (name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> => {
      if (made.has(name)) return;
      // Another node may make it between the look and here: making it again is refused, and harmless.
      await boss.createQueue(name, options).catch(async (err: Error) => {
        if ((await boss.getQueue(name)) === null) throw err;
      });
    };
    await create(DEAD_LETTER, { retentionSeconds: 30 * 24 * 3600, deleteAfterSeconds: 30 * 24 * 3600 });
    for (const channel of this.channels) {
      await create(deliveryQueue(channel), {
        retryLimit: channel.retry.retries,
        retryDelay: channel.retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: channel.retry.maxDelaySeconds,
        expireInSeconds: 120,
        deleteAfterSeconds: 24 * 3600,
        deadLetter: DEAD_LETTER,
      });
    }
    return boss;
  }

  /**
   * Whether each `still` holds of its match now (the turn not taken, the deadline not moved, the
   * invitation open): the matches' rows read in one query, by their keys.
   */
  private async stillDue(deliveries: readonly DeliveryData[]): Promise<boolean[]> {
    const matchIds = deliveries.flatMap(({ notification, still }) =>
      still === undefined || still.kind === 'always' || notification.matchId === null ? [] : [notification.matchId],
    );
    const states = await this.facts.turnStates(matchIds);
    return deliveries.map(({ notification, still }) => {
      if (still === undefined || still.kind === 'always' || notification.matchId === null) return true;
      const state = states.get(notification.matchId);
      if (state === undefined) return false;
      switch (still.kind) {
        case 'invited':
          return state.status === 'invited';
        case 'turn':
          return state.turnUserId === still.userId && state.version === still.version;
        case 'deadline':
          return state.turnUserId === still.userId && state.deadline?.toISOString() === still.deadline;
      }
    });
  }

  /** A worker's batch: those no longer due are done; the rest go to the channel, each settled on its own. */
  private async deliverBatch(
    channel: NotificationChannel,
    jobs: readonly JobWithMetadata<DeliveryData>[],
  ): Promise<JobResult[]> {
    const due = await this.stillDue(jobs.map((job) => job.data));
    const going = jobs.filter((_, i) => due[i]);
    const outcomes = await channel.deliverAll(
      going.map((job) => ({
        notification: job.data.notification,
        destination: job.data.destination,
        attempt: { number: job.retryCount + (job.data.firstTry ?? 1), final: job.retryCount >= job.retryLimit },
      })),
    );
    const failures = new Map<string, string>();
    going.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.status !== 'rejected') return;
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      const next = job.retryCount >= job.retryLimit ? 'given up (dead letter)' : 'will be retried';
      const number = job.retryCount + (job.data.firstTry ?? 1);
      this.logger.warn(
        `${channel.name} delivery of ${job.data.notification.id} failed (try ${number}), ${next}: ${message}`,
      );
      failures.set(job.id, message);
    });
    return jobs.map((job) => {
      const message = failures.get(job.id);
      return message === undefined
        ? { id: job.id, status: 'completed' }
        : { id: job.id, status: 'failed', output: { message } };
    });
  }
}

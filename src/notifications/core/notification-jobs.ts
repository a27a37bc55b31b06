import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import { JobQueue } from '../../database/job-queue.js';
import type { Decided, StillDue } from './decide-notifications.js';
import { MatchFactsRepository } from './match-facts.repository.js';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './notification-channel.js';
import type { OpenTransaction } from './notification-queue.js';
import type { Notification } from './notification.js';
import { stableId } from './stable-id.js';

/** The fan-out queue: one job per notification, its id the notification's. */
const FAN_OUT = 'notification';
/** Where a job goes after its last failed try, for operators to look at (docs/notifications.md). */
const DEAD_LETTER = 'notification-dead';
const deliveryQueue = (channel: NotificationChannel): string => `notification-${channel.name}`;

interface FanOutData {
  readonly notification: Notification;
  readonly still: StillDue;
}

interface DeliveryData {
  readonly notification: Notification;
  readonly destination: string;
}

/** Fan-out jobs taken per fetch, worked at once. */
const FAN_OUTS_PER_BATCH = 20;
/** Deliveries taken per fetch, worked at once (two batches at a time per channel and node). */
const DELIVERIES_PER_BATCH = 8;

/**
 * Works `jobs` (one after the other, or `together`) and answers each one's result: completed, or
 * failed with the error's message (retried by the queue's policy), so that one failure does not
 * fail the rest of its batch.
 */
async function settle<J extends { id: string }>(
  jobs: readonly J[],
  work: (job: J) => Promise<void>,
  together = false,
): Promise<JobResult[]> {
  const outcome = async (job: J): Promise<JobResult> => {
    try {
      await work(job);
      return { id: job.id, status: 'completed' };
    } catch (err) {
      return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
    }
  };
  if (together) return Promise.all(jobs.map(outcome));
  const results: JobResult[] = [];
  for (const job of jobs) results.push(await outcome(job));
  return results;
}

/**
 * The notifications' jobs in the job queue (docs/notifications.md, "Durable delivery"). A decided
 * notification becomes a fan-out job (its id the notification's, so queuing it twice queues it
 * once); the fan-out checks that it is still due, asks every channel where it goes, and queues one
 * delivery job per destination (its id made from the notification's and the destination, so a
 * fan-out retried after a crash queues nothing twice); a delivery job calls its channel, and is
 * retried by the channel's policy (exponential backoff with jitter, pg-boss's retryBackoff) until
 * its last try, after which it moves to the dead-letter queue.
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

  /** `enqueue` for several, in one statement. */
  async enqueueAll(
    decided: readonly Decided[],
    options: { tx?: OpenTransaction; startAfter?: Date } = {},
  ): Promise<void> {
    if (decided.length === 0) return;
    const boss = await this.ready();
    const jobs = decided.map(({ notification, still }) => ({
      id: notification.id,
      data: { notification, still } satisfies FanOutData,
      ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
    }));
    if (options.tx !== undefined) {
      // Woken by the caller once its transaction commits (before, the worker would find nothing).
      await boss.insert(FAN_OUT, jobs, { db: JobQueue.inTransaction(options.tx) });
      return;
    }
    await boss.insert(FAN_OUT, jobs);
    this.wake();
  }

  /** Wakes this node's fan-out worker, after its caller's transaction queued notifications and committed. */
  wake(): void {
    this.wakeWorker(FAN_OUT);
  }

  private wakeWorker(queue: string): void {
    const worker = this.workers.get(queue);
    if (worker !== undefined && this.ready$ !== null)
      void this.ready$.then((boss) => boss.notifyWorker(worker)).catch(() => undefined);
  }

  /**
   * Starts this node's workers: the fan-out, and each channel's deliveries. Each takes jobs in
   * batches and, while a fetch comes back full, fetches again at once (a backlog drains at the
   * speed of the work, not of the polling); each job of a batch succeeds or fails on its own.
   */
  async work(): Promise<void> {
    const boss = await this.ready();
    // The jobs this node queues wake its workers at once (`wake`); those of other nodes, and
    // retries coming due, are found by polling.
    const polling = { pollingIntervalSeconds: 2, burstWhenBatchFull: true };
    const fanOuts = await boss.work(
      FAN_OUT,
      { ...polling, batchSize: FAN_OUTS_PER_BATCH, localConcurrency: 2, perJobResults: true as const },
      // The fan-outs of a batch at once: each is a few short reads, mostly waiting on the database.
      (jobs: Job<FanOutData>[]) => settle(jobs, (job) => this.fanOut(boss, job), true),
    );
    this.workers.set(FAN_OUT, fanOuts);
    for (const channel of this.channels) {
      const worker = await boss.work(
        deliveryQueue(channel),
        {
          ...polling,
          batchSize: DELIVERIES_PER_BATCH,
          localConcurrency: 2,
          includeMetadata: true as const,
          perJobResults: true as const,
        },
        // The deliveries of a batch at once: each mostly waits on the network.
        (jobs: JobWithMetadata<DeliveryData>[]) => settle(jobs, (job) => this.deliver(channel, job), true),
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
    await create(FAN_OUT, {
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 120,
      deleteAfterSeconds: 24 * 3600,
      deadLetter: DEAD_LETTER,
    });
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

  /** Whether `still` holds of the match now: the turn not taken, the deadline not moved, the invitation open. */
  private async isStillDue(notification: Notification, still: StillDue): Promise<boolean> {
    if (still.kind === 'always' || notification.matchId === null) return true;
    // The match row alone (by its key), not the facts the notification was decided from.
    const facts = await this.facts.turnState(notification.matchId);
    if (facts === null) return false;
    switch (still.kind) {
      case 'invited':
        return facts.status === 'invited';
      case 'turn':
        return facts.turnUserId === still.userId && facts.version === still.version;
      case 'deadline':
        return facts.turnUserId === still.userId && facts.deadline?.toISOString() === still.deadline;
    }
  }

  private async fanOut(boss: PgBoss, job: Job<FanOutData>): Promise<void> {
    const { notification, still } = job.data;
    if (!(await this.isStillDue(notification, still))) return;
    // The channels are asked at once; each queues its deliveries in one insert.
    await Promise.all(
      this.channels.map(async (channel) => {
        const destinations = await channel.destinations(notification);
        if (destinations.length === 0) return;
        await boss.insert(
          deliveryQueue(channel),
          destinations.map((destination) => ({
            id: stableId(`${notification.id}:${channel.name}:${destination}`),
            data: { notification, destination } satisfies DeliveryData,
          })),
        );
        this.wakeWorker(deliveryQueue(channel));
      }),
    );
  }

  private async deliver(channel: NotificationChannel, job: JobWithMetadata<DeliveryData>): Promise<void> {
    const { notification, destination } = job.data;
    const attempt = { number: job.retryCount + 1, final: job.retryCount >= job.retryLimit };
    try {
      await channel.deliver(notification, destination, attempt);
    } catch (err) {
      const next = attempt.final ? 'given up (dead letter)' : 'will be retried';
      this.logger.warn(
        `${channel.name} delivery of ${notification.id} failed (try ${attempt.number}), ${next}: ${String(err)}`,
      );
      throw err;
    }
  }
}

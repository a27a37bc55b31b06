import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryService } from '@nestjs/core';
import type { PgBoss } from 'pg-boss';
import { ServiceContext } from '../common/service-context.js';
import { stableId } from '../common/stable-id.js';
import type { Environment } from '../config/environment.js';
import { JobQueue } from '../database/job-queue.js';
import { type BackgroundHandler, backgroundHandlersOf } from './background-job.decorator.js';
import type { Setting } from './jobs.js';
import { NodeTimer } from './node-timer.js';

/** Completed runs kept in the queue (for operators to look at), in seconds. */
const KEPT_SECONDS = 3600;
/**
 * How often, in seconds, a worker looks for runs it was not told of (offered by a node that died
 * before taking it, or tried again): a node takes the runs it offers at once.
 */
const LOOK_SECONDS = { least: 2, most: 30 };
/** A failed run is tried again this many times, this many seconds apart. */
const RETRIES = 2;
const RETRY_DELAY_SECONDS = 5;

/**
 * Runs the cluster jobs of BACKGROUND_JOBS on the job queue (docs/architecture.md, "The background
 * runner"). Each job has a queue of its own (`stately`: one run at a time; `short`: one waiting). Every
 * node that takes part offers, once per period, the run of the period it is in, under an id made
 * from the job and the period: the queue keeps the first offer of a period and refuses the others,
 * so a period has one run however many nodes run, and one while a single node does. The node whose
 * offer was kept asks its worker to look at once; any node's worker may take the run. A run whose
 * node dies expires and is tried again by another node. (pg-boss's own cron works the same way, at a
 * minute's resolution; the relays poll every few seconds.) Stops offering at shutdown; the job
 * queue then stops itself, letting a run under way end, before the database closes.
 */
@Injectable()
export class BackgroundRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BackgroundRunner');
  private readonly outside = new ServiceContext();
  private readonly offers: NodeTimer[] = [];
  private starting: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly setting: Setting;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queue: JobQueue,
    config: ConfigService<Environment, true>,
  ) {
    this.setting = (key) => config.get(key, { infer: true });
  }

  /** The handlers of the jobs this node takes part in, from every provider. */
  handlers(): BackgroundHandler[] {
    const found = this.discovery.getProviders().flatMap((wrapper) => backgroundHandlersOf(wrapper.instance));
    const names = new Set<string>();
    for (const { job } of found) {
      if (names.has(job.name)) throw new Error(`Two handlers of the background job ${job.name}`);
      names.add(job.name);
    }
    return found.filter(({ job }) => job.runsOn(this.setting));
  }

  /** Starts in the background: the node answers requests meanwhile. */
  onApplicationBootstrap(): void {
    const handlers = this.handlers();
    if (handlers.length === 0) return;
    this.starting = this.outside.run(() =>
      this.start(handlers).catch((err: Error) =>
        this.logger.error(`Background jobs are not run by this node: ${err.message}`),
      ),
    );
  }

  private async start(handlers: readonly BackgroundHandler[]): Promise<void> {
    const boss = await this.queue.ready();
    for (const handler of handlers) {
      if (this.stopped) return;
      const { job } = handler;
      await this.queue.ensureQueue(job.name, {
        policy: job.policy,
        expireInSeconds: job.expireInSeconds,
        retryLimit: RETRIES,
        retryDelay: RETRY_DELAY_SECONDS,
        deleteAfterSeconds: KEPT_SECONDS,
      });
      await this.startJob(boss, handler);
    }
  }

  private async startJob(boss: PgBoss, { job, run }: BackgroundHandler): Promise<void> {
    const everyMs = job.everyMs(this.setting);
    const worker = await boss.work(
      job.name,
      {
        pollingIntervalSeconds: Math.min(LOOK_SECONDS.most, Math.max(LOOK_SECONDS.least, everyMs / 1000)),
        localConcurrency: 1,
      },
      () =>
        this.outside.run(async () => {
          try {
            await run();
          } catch (err) {
            this.logger.warn({ err }, `${job.name} failed; it is tried again`);
            throw err;
          }
        }),
    );
    const offer = async (): Promise<void> => {
      const period = Math.floor(Date.now() / everyMs);
      const id = await boss.send(job.name, null, { id: stableId(`${job.name}:${everyMs}:${period}`) });
      if (id !== null) boss.notifyWorker(worker);
    };
    if (this.stopped) return;
    const timer = new NodeTimer({ name: `${job.name} (offer)`, everyMs }, offer);
    this.offers.push(timer);
    timer.start();
    if (job.atBoot) await offer();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const timer of this.offers) timer.stop();
    await this.starting;
  }
}

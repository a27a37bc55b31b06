/**
 * The analyses' job queue (docs/analysis.md "Running"): pg-boss in the
 * service's database, as notifications use it. A job is queued in the
 * transaction that stores its analysis, at its round's priority (fair
 * between accounts); each node with ANALYSIS_ENABLED takes one job at a time. A job whose node died is taken again when its
 * lease expires, and its analysis run again.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { PgBoss } from 'pg-boss';
import { ServiceContext } from '../common/service-context.js';
import type { Environment } from '../config/environment.js';
import { JobQueue, type QueryRunner } from '../database/job-queue.js';
import type { AnalysisSettings } from './analysis-engines.js';
import { ANALYSIS_SETTINGS, AnalysisRunner } from './analysis-runner.js';

const QUEUE = 'match-analysis';

interface AnalysisJob {
  readonly analysisId: string;
}

@Injectable()
export class AnalysisJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AnalysisJobs');
  private ready$: Promise<PgBoss> | null = null;
  private worker: string | null = null;
  private started: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: JobQueue,
    private readonly runner: AnalysisRunner,
    private readonly config: ConfigService<Environment, true>,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
  ) {}

  /**
   * Queues the analysis's job in `tx`: it exists exactly when the analysis's row does. Jobs are
   * taken round by round (pg-boss takes the highest priority first, then the oldest): the round's
   * negative is the job's priority.
   */
  async enqueue(tx: QueryRunner, analysisId: string, round: number): Promise<void> {
    const boss = await this.ready();
    await boss.send(QUEUE, { analysisId } satisfies AnalysisJob, {
      db: JobQueue.inTransaction(tx),
      priority: -round,
    });
    if (this.worker !== null) void boss.notifyWorker(this.worker);
  }

  onApplicationBootstrap(): void {
    if (!this.config.get('ANALYSIS_ENABLED', { infer: true })) return;
    const outside = new ServiceContext();
    this.started = outside.run(() =>
      this.work().catch((err: Error) => this.logger.error(`Analyses are not run by this node: ${err.message}`)),
    );
  }

  private async work(): Promise<void> {
    const boss = await this.ready();
    this.worker = await boss.work<AnalysisJob>(
      QUEUE,
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 2 },
      async ([job]) => this.runner.run(job.data.analysisId),
    );
  }

  private ready(): Promise<PgBoss> {
    this.ready$ ??= (async () => {
      await this.queue.ensureQueue(QUEUE, {
        retryLimit: 2,
        retryDelay: 5,
        // A run may take its whole time limit; beyond it (and a margin), its node is taken to be gone.
        expireInSeconds: Math.ceil(this.settings.timeoutMs / 1000) + 60,
      });
      return this.queue.ready();
    })();
    return this.ready$;
  }

  async onModuleDestroy(): Promise<void> {
    await this.started;
    if (this.worker !== null && this.ready$ !== null) {
      const boss = await this.ready$;
      await boss.offWork(QUEUE, { id: this.worker }).catch(() => undefined);
    }
  }
}

import { Logger } from '@nestjs/common';
import { ServiceContext } from '../common/service-context.js';
import type { NodeJob } from './jobs.js';

/**
 * The one way the service repeats work on a node (docs/architecture.md, "The background runner"):
 * every `everyMs` of its declaration, outside every request (ServiceContext), without holding the
 * process open, and never twice at once (a run still under way, on a slow database, skips the
 * next). Its owner starts it, and stops it at shutdown.
 */
export class NodeTimer {
  private readonly logger: Logger;
  private readonly outside = new ServiceContext();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly job: Pick<NodeJob, 'name' | 'everyMs'>,
    private readonly work: () => unknown,
  ) {
    this.logger = new Logger(`Background ${job.name}`);
  }

  /** Starts repeating (the first run a period from now); started already, nothing changes. */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.outside.run(() => this.runNow()), this.job.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private runNow(): void {
    if (this.running) return;
    let done: unknown;
    try {
      done = this.work();
    } catch (err) {
      this.logger.error({ err }, `${this.job.name} failed`);
      return;
    }
    if (!(done instanceof Promise)) return;
    this.running = true;
    done
      .catch((err: unknown) => this.logger.error({ err }, `${this.job.name} failed`))
      .finally(() => {
        this.running = false;
      });
  }
}

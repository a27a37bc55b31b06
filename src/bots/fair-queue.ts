/**
 * A queue of tasks served round-robin by key rather than by arrival (docs/bots.md, "Fair turns"):
 * each key (a person) has its own first-come line, and the keys take turns, so that one person's
 * many questions never stand before another's next one. At most `concurrency` tasks run at once;
 * at most `maxWaiting` wait (beyond, a task is refused at once with QueueFullError); a task may have
 * a deadline, after which its caller gets DeadlineError whether it waits (it is then dropped) or
 * runs (its result is then ignored, and its signal aborted so that it need not try again).
 *
 * Written here: p-queue, p-limit and fastq serve in arrival or priority order, none round-robin by
 * key, and the whole of this is a hundred lines.
 */

/** The task was not taken: `maxWaiting` tasks wait already. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  constructor(readonly maxWaiting: number) {
    super(`${maxWaiting} questions wait already`);
  }
}

/** The task's deadline passed before it was done. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(readonly deadlineMs: number) {
    super(`no answer within ${deadlineMs} ms`);
  }
}

/** The queue was closed before the task ran. */
export class QueueClosedError extends Error {
  override readonly name = 'QueueClosedError';
  constructor() {
    super('the queue is closed');
  }
}

export interface FairQueueOptions {
  /** Tasks run at once (1: one after the other). */
  readonly concurrency: number;
  /** Tasks that may wait at once, over all keys. */
  readonly maxWaiting: number;
}

interface Job {
  readonly key: string;
  /** The round it is served in: its key's previous job's round plus one, or the round under way. */
  readonly round: number;
  /** Arrival order, between jobs of one round. */
  readonly seq: number;
  readonly task: (signal: AbortSignal) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly abort: AbortController;
  timer: NodeJS.Timeout | null;
  settled: boolean;
}

/**
 * The turns are rounds: a key's first job waiting is in the round under way, each further one in
 * the next round after its previous job's, and the job of the earliest round goes first (of one
 * round, the first come). So a key that asks while another's many jobs wait is served after at most
 * one of them, and a key that keeps asking waits its turn behind every other key's next job.
 */
export class FairQueue {
  private readonly jobs: Job[] = [];
  /** The round of each key's latest job, while it may still count (not before the round under way). */
  private readonly lastRound = new Map<string, number>();
  private round = 0;
  /** The keys a job of which has started in the round under way: a job of theirs counts there. */
  private readonly startedInRound = new Set<string>();
  private seq = 0;
  private runningCount = 0;
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: FairQueueOptions) {}

  /** Tasks waiting, over all keys. */
  get waiting(): number {
    return this.jobs.length;
  }

  /**
   * Runs `task` in `key`'s turn and settles with what it settles with; rejects with QueueFullError
   * at once when the queue is full, and with DeadlineError after `deadlineMs` (when given).
   */
  run<T>(key: string, task: (signal: AbortSignal) => Promise<T>, deadlineMs?: number): Promise<T> {
    if (this.closed) return Promise.reject(new QueueClosedError());
    if (this.jobs.length >= this.options.maxWaiting) {
      return Promise.reject(new QueueFullError(this.options.maxWaiting));
    }
    const last = this.lastRound.get(key);
    const round = last === undefined || last < this.round ? this.round : last + 1;
    this.lastRound.set(key, round);
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        key,
        round,
        seq: this.seq++,
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
        abort: new AbortController(),
        timer: null,
        settled: false,
      };
      if (deadlineMs !== undefined) job.timer = setTimeout(() => this.expire(job, deadlineMs), deadlineMs);
      this.jobs.push(job);
      this.next();
    });
  }

  /** Refuses what waits (QueueClosedError) and takes nothing more; resolves when the tasks running end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.splice(0)) this.fail(job, new QueueClosedError());
    await this.idle();
  }

  /** Resolves when no task runs. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Starts the jobs of the earliest round while there is room. */
  private next(): void {
    while (this.runningCount < this.options.concurrency && this.jobs.length > 0) {
      let first = 0;
      for (let i = 1; i < this.jobs.length; i++) if (before(this.jobs[i], this.jobs[first])) first = i;
      const [job] = this.jobs.splice(first, 1);
      if (job.round > this.round) this.startedInRound.clear();
      this.round = job.round;
      for (const [key, round] of this.lastRound) if (round < this.round) this.lastRound.delete(key);
      this.startedInRound.add(job.key);
      this.start(job);
    }
  }

  private start(job: Job): void {
    this.runningCount++;
    const ran = Promise.resolve()
      .then(() => job.task(job.abort.signal))
      .then(
        (value) => this.fulfil(job, value),
        (error: unknown) => this.fail(job, error),
      )
      .finally(() => {
        this.runningCount--;
        this.running.delete(ran);
        this.next();
      });
    this.running.add(ran);
  }

  /** The deadline passed: a waiting job leaves the queue; a running one is told to stop. */
  private expire(job: Job, deadlineMs: number): void {
    const at = this.jobs.indexOf(job);
    if (at >= 0) {
      this.jobs.splice(at, 1);
      this.recount(job.key);
    }
    this.fail(job, new DeadlineError(deadlineMs));
  }

  /**
   * A job of `key` left the queue without being run: its round counts no more. The key's last
   * round is again that of its latest job still waiting, or the round under way if one of its jobs
   * started in it; with neither, its next job is a first one (in the round under way).
   */
  private recount(key: string): void {
    let last = this.startedInRound.has(key) ? this.round : -1;
    for (const job of this.jobs) if (job.key === key && job.round > last) last = job.round;
    if (last < this.round) this.lastRound.delete(key);
    else this.lastRound.set(key, last);
  }

  private fulfil(job: Job, value: unknown): void {
    if (this.settle(job)) job.resolve(value);
  }

  /** Rejects the job's caller and aborts its signal (a running task need not go on). */
  private fail(job: Job, error: unknown): void {
    if (!this.settle(job)) return;
    job.abort.abort(error);
    job.reject(error);
  }

  /** Marks the job settled; false when it was already (its deadline came first, or it ended first). */
  private settle(job: Job): boolean {
    if (job.settled) return false;
    job.settled = true;
    if (job.timer !== null) clearTimeout(job.timer);
    return true;
  }
}

function before(a: Job, b: Job): boolean {
  return a.round < b.round || (a.round === b.round && a.seq < b.seq);
}

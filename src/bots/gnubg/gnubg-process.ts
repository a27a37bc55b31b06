/**
 * The supervisor of the service's one GNU Backgammon (docs/bots.md "GNU
 * Backgammon as a bot"): every match's questions go to the same gnubg, one at
 * a time (gnubg answers one line at a time and drops what follows a line in
 * the same read), the askers taking turns (FairQueue, docs/bots.md "Fair
 * turns"); a question waits at most its deadline, and only so many wait. gnubg is started at the first question
 * and again whenever it is found dead; a start that fails (gnubg 1.07 now and
 * then dies at start-up) is tried up to three times. A question gnubg does
 * not answer within the timeout, or loses by dying, is asked once more of a
 * fresh gnubg; then the caller gets a GnubgError, never a wait without end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeadlineError, FairQueue, QueueClosedError, QueueFullError } from '../fair-queue.js';
import { GnubgConnection } from './gnubg-connection.js';
import { GnubgError } from './gnubg.errors.js';

export interface GnubgProcessOptions {
  readonly binary: string;
  /** Look-ahead for plays, and for cube and resignation decisions. */
  readonly plies: number;
  /** How long one answer may take. */
  readonly timeoutMs: number;
  /** How long a question may wait and be worked on before its asker is answered `deadline` (none: no limit). */
  readonly deadlineMs?: number;
  /** Questions that may wait at once; beyond, a question fails at once with `queue-full`. */
  readonly maxWaiting?: number;
  /** How long gnubg may take to start listening (loading its networks takes well under a second). */
  readonly startupTimeoutMs?: number;
  /** Starts tried before a question fails with `start-failed`. */
  readonly startAttempts?: number;
  readonly logger?: GnubgLogger;
}

export interface GnubgLogger {
  log(message: string): void;
  warn(message: string): void;
}

const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;
const DEFAULT_START_ATTEMPTS = 3;
/** Tries of one question: the first, and one more of a restarted gnubg. */
const TRIES = 2;
const DEFAULT_MAX_WAITING = 1_000;
const SILENT: GnubgLogger = { log: () => undefined, warn: () => undefined };

export class GnubgProcess {
  private readonly logger: GnubgLogger;
  private current: GnubgConnection | null = null;
  private readonly queue: FairQueue;
  private home: string | null = null;
  private starts = 0;
  private closed = false;

  constructor(private readonly options: GnubgProcessOptions) {
    this.logger = options.logger ?? SILENT;
    this.queue = new FairQueue({ concurrency: 1, maxWaiting: options.maxWaiting ?? DEFAULT_MAX_WAITING });
  }

  /** gnubg's process id while one runs. */
  get pid(): number | null {
    return this.current?.alive ? this.current.pid : null;
  }

  /** How many times gnubg has been started. */
  get startCount(): number {
    return this.starts;
  }

  /**
   * Sends `line` in `asker`'s turn (round-robin by asker); resolves with gnubg's answer line.
   * Rejects with GnubgError `deadline` when no answer came within the deadline, `queue-full` when
   * too many questions wait, and as askNow does.
   */
  async ask(line: string, asker = ''): Promise<string> {
    try {
      return await this.queue.run(asker, (signal) => this.askNow(line, signal), this.options.deadlineMs);
    } catch (error) {
      if (error instanceof DeadlineError) throw new GnubgError('deadline', `gnubg gave ${error.message}`);
      if (error instanceof QueueFullError) throw new GnubgError('queue-full', `${error.message} of gnubg`);
      if (error instanceof QueueClosedError) throw new GnubgError('closed', 'gnubg was shut down');
      throw error;
    }
  }

  /** Ends gnubg and removes its directory; questions still waiting fail with `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    const last = this.current;
    this.current = null;
    if (last !== null) {
      last.dispose();
      await last.exit();
    }
    await this.queue.close();
    if (this.home !== null) rmSync(this.home, { recursive: true, force: true });
    this.home = null;
  }

  /** Asks now; a question whose asker stopped waiting (`signal`) is not asked again after a failure. */
  private async askNow(line: string, signal: AbortSignal): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const connection = await this.connection();
      try {
        return await connection.request(line, this.options.timeoutMs);
      } catch (error) {
        this.discard(connection);
        if (this.closed) throw new GnubgError('closed', 'gnubg was shut down during the request');
        if (attempt >= TRIES || signal.aborted) throw error;
        this.logger.warn(`${(error as Error).message}; asking a restarted gnubg once more`);
      }
    }
  }

  /** The running gnubg, started (again) if there is none. */
  private async connection(): Promise<GnubgConnection> {
    if (this.closed) throw new GnubgError('closed', 'gnubg is shut down');
    if (this.current?.alive) return this.current;
    if (this.current !== null) {
      this.logger.warn(`gnubg (pid ${this.current.pid}) died: ${this.current.recentOutput()}`);
      this.discard(this.current);
    }
    const attempts = this.options.startAttempts ?? DEFAULT_START_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        const connection = await GnubgConnection.open({
          binary: this.options.binary,
          setup: [
            'set threads 1',
            `set evaluation chequerplay evaluation plies ${this.options.plies}`,
            `set evaluation cubedecision evaluation plies ${this.options.plies}`,
          ],
          home: this.directory(),
          socket: join(this.directory(), `gnubg-${++this.starts}.sock`),
          startupTimeoutMs: this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
        });
        if (this.closed) {
          connection.dispose();
          throw new GnubgError('closed', 'gnubg is shut down');
        }
        this.logger.log(`gnubg started (pid ${connection.pid}, ${this.options.plies}-ply)`);
        this.current = connection;
        return connection;
      } catch (error) {
        if (this.closed || attempt >= attempts) throw error;
        this.logger.warn(`${(error as Error).message}; starting it again`);
      }
    }
  }

  private discard(connection: GnubgConnection): void {
    connection.dispose();
    if (this.current === connection) this.current = null;
  }

  /** gnubg's HOME and the place of its sockets: a directory of the service's own, made at the first start. */
  private directory(): string {
    this.home ??= mkdtempSync(join(tmpdir(), 'nardy-gnubg-'));
    return this.home;
  }
}

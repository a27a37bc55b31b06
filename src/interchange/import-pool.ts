/**
 * The worker threads that read imported files (docs/architecture.md,
 * "Interchange"): parsing a .mat file and judging every event of a long
 * match takes the CPU for a good while, which on the event loop every other
 * request would wait out. IMPORT_WORKERS threads (piscina) take the files one
 * at a time each; up to IMPORT_QUEUE_SIZE more wait, and a file beyond is
 * refused (429 import-queue-full). One thread is started at boot and reads a
 * small file, so that the first import does not pay for starting a thread and
 * loading the engine in it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Piscina } from 'piscina';
import type { Environment } from '../config/environment.js';
import type { ImportTask } from './import-worker.js';
import { ImportQueueFullError } from './interchange.errors.js';
import { MAT_EXAMPLE } from './mat-example.js';
import type { FileReading } from './match-file-reader.js';

/** How long an idle worker thread beyond the first is kept before it ends (a new one starts in tens of milliseconds). */
const IDLE_MS = 30_000;

/** What the pool reads at boot: a whole small match, through every step of a real import. */
const WARM_UP: ImportTask = { file: { format: 'mat', text: MAT_EXAMPLE }, caps: { maxGames: 1, maxEvents: 100 } };

/**
 * The worker's compiled entry. The server runs from dist/, where it sits beside
 * this file; the tests run the sources through a TypeScript transform that a
 * worker thread does not have, so there it is the build's copy (`npm test`
 * builds first).
 */
export function importWorkerFile(here: string = import.meta.url): string {
  const beside = new URL('./import-worker.js', here);
  const built = here.endsWith('.ts') ? new URL('../../dist/interchange/import-worker.js', here) : beside;
  const file = fileURLToPath(built);
  if (!existsSync(file))
    throw new Error(`The import worker ${file} is missing: build the service first (npm run build).`);
  return file;
}

@Injectable()
export class ImportPool implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly pool: Piscina<ImportTask, FileReading>;
  /** Files that may wait for a thread (IMPORT_QUEUE_SIZE). */
  private readonly maxQueue: number;

  constructor(config: ConfigService<Environment, true>) {
    const threads = config.get('IMPORT_WORKERS', { infer: true });
    this.maxQueue = config.get('IMPORT_QUEUE_SIZE', { infer: true });
    this.pool = new Piscina({
      filename: importWorkerFile(),
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      maxQueue: this.maxQueue,
    });
  }

  /** Reads the warm-up file, so that the thread has loaded the reader and the engine before the first import. */
  async onApplicationBootstrap(): Promise<void> {
    await this.pool.run(WARM_UP);
  }

  /** Whether a file would be taken now: a thread free, or room in the queue. */
  hasRoom(): boolean {
    return this.pool.queueSize < this.maxQueue;
  }

  /** Reads the file in a worker thread; refused at once (ImportQueueFullError) when the queue is full. */
  read(task: ImportTask): Promise<FileReading> {
    // Checked and queued in one turn of the event loop, so no other file gets in between.
    if (!this.hasRoom()) return Promise.reject(new ImportQueueFullError());
    return this.pool.run(task);
  }

  /** The threads running, and the files they have read since boot (the warm-up's included). */
  stats(): { readonly threads: number; readonly completed: number } {
    return { threads: this.pool.threads.length, completed: this.pool.completed };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/**
 * The worker threads that read imported files (docs/architecture.md,
 * "Interchange"): parsing a .mat file and judging every event of a long
 * match takes the CPU for a good while, which on the event loop every other
 * request would wait out. IMPORT_WORKERS threads (piscina) take the files one
 * at a time each; the rest queue.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Piscina } from 'piscina';
import type { Environment } from '../config/environment.js';
import type { ImportTask } from './import-worker.js';
import type { FileReading } from './match-file-reader.js';

/** How long an idle worker thread is kept before it ends (a new one starts in tens of milliseconds). */
const IDLE_MS = 30_000;

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
export class ImportPool implements OnModuleDestroy {
  private readonly pool: Piscina<ImportTask, FileReading>;

  constructor(config: ConfigService<Environment, true>) {
    const threads = config.get('IMPORT_WORKERS', { infer: true });
    this.pool = new Piscina({ filename: importWorkerFile(), minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS });
  }

  /** Reads the file in a worker thread. */
  read(task: ImportTask): Promise<FileReading> {
    return this.pool.run(task);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/**
 * The worker thread that runs the service's own network over a match
 * (docs/analysis.md "Engines"): judging every decision and throw takes the
 * CPU for seconds, which the event loop must not wait out. One thread (a
 * node runs one analysis at a time), at a lower priority than the service
 * and than the bots' decision threads (nice 15 against their 10), so that
 * requests and bot turns come first.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { MatchAnalysis, MatchEvent, NewMatchOptions } from '../engine/index.js';
import type { NetAnalysisTask } from './net-analysis-worker.js';

const IDLE_MS = 60_000;

/** The thread's nice value above the server's: below the bots' decision threads (10), so bot turns go first. */
const ANALYSIS_NICE = 15;

/** The worker's compiled entry: beside this file in dist/, or the build's copy when the tests run the sources. */
export function netAnalysisWorkerFile(here: string = import.meta.url): string {
  const built = here.endsWith('.ts')
    ? new URL('../../dist/analysis/net-analysis-worker.js', here)
    : new URL('./net-analysis-worker.js', here);
  const file = fileURLToPath(built);
  if (!existsSync(file))
    throw new Error(`The analysis worker ${file} is missing: build the service first (npm run build).`);
  return file;
}

@Injectable()
export class NetAnalysisPool implements OnModuleDestroy {
  private pool: Piscina<NetAnalysisTask, MatchAnalysis> | null = null;

  /** The match analysed in the worker thread; `progress` told from 0 to 1. */
  async analyse(
    match: NewMatchOptions,
    events: readonly MatchEvent[],
    plies: 0 | 1,
    progress: (share: number) => void,
    signal?: AbortSignal,
  ): Promise<MatchAnalysis> {
    this.pool ??= new Piscina({
      filename: netAnalysisWorkerFile(),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      niceIncrement: ANALYSIS_NICE,
    });
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (share: number) => progress(share));
    try {
      return await this.pool.run(
        { match, events, plies, port: port2 },
        {
          // piscina infers its transfer list's type from MessagePort.postMessage's last overload: a port is one.
          transferList: [port2] as never,
          signal,
        },
      );
    } finally {
      port1.close();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/**
 * GNU Backgammon as an analysis engine (docs/analysis.md "Backgammon: GNU
 * Backgammon"): one gnubg process per analysis, started in its terminal mode
 * with a fresh HOME (so no user's gnubgrc changes its settings) and the
 * analysis script (gnubg-analysis-script.ts), at a lower CPU priority than
 * the service and the bots' decision threads (nice 15 against their 10) so
 * that bot turns and requests come first. It reads
 * the match's .mat text and answers gnubg's report; progress is told after
 * each game. A run that outlasts its time limit, or is cancelled, is killed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { GnubgMatchReport } from '../../../engine/index.js';
import { GNUBG_ANALYSIS_SCRIPT } from './gnubg-analysis-script.js';

export interface GnubgAnalysisRun {
  readonly binary: string;
  readonly plies: number;
  /** The match as GNU Backgammon reads it, its players named `white` and `black`. */
  readonly mat: string;
  readonly timeoutMs: number;
  readonly progress?: (done: number, games: number) => void;
  readonly signal?: AbortSignal;
}

export class GnubgAnalysisError extends Error {}

/** The process's nice value: below the bots' decision threads (10), so that bot turns and requests go first. */
const NICE = 15;

export async function analyseWithGnubg(run: GnubgAnalysisRun): Promise<GnubgMatchReport> {
  const home = mkdtempSync(join(tmpdir(), 'nardy-gnubg-analysis-'));
  try {
    const script = join(home, 'analyse.py');
    const mat = join(home, 'match.mat');
    writeFileSync(script, GNUBG_ANALYSIS_SCRIPT);
    writeFileSync(mat, run.mat);
    return await runGnubg(run, home, script, mat);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function runGnubg(run: GnubgAnalysisRun, home: string, script: string, mat: string): Promise<GnubgMatchReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.binary, ['-t', '-q', '-r', '-p', script], {
      cwd: home,
      env: { PATH: process.env.PATH ?? '', HOME: home, ANALYSIS_MAT: mat, ANALYSIS_PLIES: String(run.plies) },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, NICE);
      } catch {
        // Not allowed to lower it: it runs at the service's priority.
      }
    }
    let report: GnubgMatchReport | null = null;
    let chatter = '';
    const keep = (chunk: Buffer): void => {
      chatter = (chatter + chunk.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const lines = createInterface({ input: child.stdio[3] as Readable });
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { progress?: [number, number]; report?: GnubgMatchReport };
      if (message.progress) run.progress?.(message.progress[0], message.progress[1]);
      if (message.report) report = message.report;
    });
    const stop = (why: string): void => {
      child.kill('SIGKILL');
      reject(new GnubgAnalysisError(why));
    };
    const timer = setTimeout(() => stop(`gnubg took longer than ${run.timeoutMs} ms`), run.timeoutMs);
    const onAbort = (): void => stop('the analysis was cancelled');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new GnubgAnalysisError(`gnubg did not start: ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      // The report line may still be in the reader: it has ended when the pipe has.
      lines.once('close', () => undefined);
      if (report !== null) resolve(report);
      else reject(new GnubgAnalysisError(`gnubg ended (${code}) without a report: ${chatter.trim().slice(-600)}`));
    });
  });
}

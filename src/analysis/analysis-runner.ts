/**
 * Runs one stored analysis (docs/analysis.md "Running"): marks it running,
 * reads the match's events, asks its engine (GNU Backgammon's process, or the
 * network's worker thread), writes the progress as it comes (at most every
 * few percent) and the result, or marks it failed with the reason. A run cut
 * off by a crash is run again from the start when its job comes back.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { analyseWithGnubg } from '../bots/index.js';
import { Clock } from '../common/clock.js';
import {
  analysisFromGnubg,
  writeMat,
  type MatchAnalysis,
  type MatchEvent,
  type NewMatchOptions,
} from '../engine/index.js';
import { MatchStore } from '../matches/index.js';
import type { AnalysisEngineChoice } from './analysis-record.js';
import { AnalysisRepository } from './analysis.repository.js';
import type { AnalysisSettings } from './analysis-engines.js';
import { NetAnalysisPool } from './net-analysis-pool.js';

/** Progress is written when it has moved this much. */
const PROGRESS_STEP = 0.05;

export const ANALYSIS_SETTINGS = Symbol('ANALYSIS_SETTINGS');

@Injectable()
export class AnalysisRunner {
  private readonly logger = new Logger('Analysis');

  constructor(
    private readonly analyses: AnalysisRepository,
    private readonly store: MatchStore,
    private readonly pool: NetAnalysisPool,
    private readonly clock: Clock,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
  ) {}

  async run(id: string): Promise<void> {
    const analysis = await this.analyses.start(id, this.clock.now());
    if (analysis === null) return;
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      const record = await this.store.record(analysis.matchId);
      const events = (await this.store.events(record)).map((stored) => stored.event);
      const match: NewMatchOptions = { variant: record.variant, length: record.length, rules: record.rules };
      let written = 0;
      const progress = (share: number): void => {
        if (share - written < PROGRESS_STEP && share < 1) return;
        written = share;
        this.analyses.progress(id, Math.min(share, 0.99)).catch(() => undefined);
      };
      const result = await this.analyse(analysis.engine, match, events, progress, timeout);
      await this.analyses.finish(id, result, this.clock.now());
    } catch (err) {
      const reason = timeout.aborted
        ? `it took longer than ${this.settings.timeoutMs / 1000} s`
        : (err as Error).message;
      this.logger.warn(`Analysis ${id} failed: ${reason}`);
      await this.analyses.fail(id, reason, this.clock.now());
    }
  }

  private analyse(
    engine: AnalysisEngineChoice,
    match: NewMatchOptions,
    events: readonly MatchEvent[],
    progress: (share: number) => void,
    signal: AbortSignal,
  ): Promise<MatchAnalysis> {
    if (engine.name === 'nardy-net') {
      return this.pool.analyse(match, events, engine.plies === 0 ? 0 : 1, progress, signal);
    }
    return this.analyseWithGnubg(engine.plies, match, events, progress, signal);
  }

  private async analyseWithGnubg(
    plies: number,
    match: NewMatchOptions,
    events: readonly MatchEvent[],
    progress: (share: number) => void,
    signal: AbortSignal,
  ): Promise<MatchAnalysis> {
    const binary = this.settings.gnubg;
    if (binary === null) throw new Error('GNU Backgammon is not installed on this node');
    // gnubg reads the players as named here, so that its sides are known as colours again.
    const mat = writeMat({ ...match, players: { white: 'white', black: 'black' }, events });
    const report = await analyseWithGnubg({
      binary,
      plies,
      mat,
      timeoutMs: this.settings.timeoutMs,
      progress: (done, games) => progress(done / games),
      signal,
    });
    return analysisFromGnubg(match, events, report, plies);
  }
}

/**
 * The analysis use cases (docs/analysis.md): ask for an analysis of a
 * finished match, read it, follow it while it runs.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { EventSink, EventStreamAnswer } from '../common/server-sent-events.js';
import { MatchStore } from '../matches/index.js';
import { engineFor, type AnalysisSettings } from './analysis-engines.js';
import { AnalysisJobs } from './analysis-jobs.js';
import type { AnalysisRecord } from './analysis-record.js';
import { ANALYSIS_SETTINGS } from './analysis-runner.js';
import {
  AnalysisNotFoundError,
  AnalysisQueueFullError,
  AnalysisQueueShareError,
  MatchNotFinishedError,
  NothingToAnalyseError,
} from './analysis.errors.js';
import { AnalysisRepository } from './analysis.repository.js';
import { worthAnalysing } from './analysis-worth.js';
import { analysisSummary, analysisView, type AnalysisSummaryView, type AnalysisView } from './analysis-view.js';

/** How often a followed analysis is looked at (every node reads the same row). */
const FOLLOW_EVERY_MS = 500;
/** A stream ends after this long, finished or not (the client opens it again). */
const FOLLOW_FOR_MS = 10 * 60_000;

@Injectable()
export class AnalysisService {
  constructor(
    private readonly analyses: AnalysisRepository,
    private readonly jobs: AnalysisJobs,
    private readonly store: MatchStore,
    private readonly clock: Clock,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
  ) {}

  /**
   * Asks for the analysis of a finished match by the engine for its variant: queued once per
   * engine and look-ahead; asked again, the same analysis is answered (one that failed is queued
   * again). Refused for a match not finished, for one left before any real decision, and when the
   * queue, or the asking account's share of it, is full (docs/analysis.md "Running").
   */
  async request(matchId: string, userId: string): Promise<AnalysisView> {
    const { record, state } = await this.store.load(matchId);
    if (record.projection.status !== 'finished') throw new MatchNotFinishedError();
    if (!worthAnalysing(state)) throw new NothingToAnalyseError();
    const engine = engineFor(record.variant, record.length, this.settings);
    const admitted = await this.analyses.request(
      { id: randomUUID(), matchId, engine, requestedBy: userId, now: this.clock.now() },
      { queue: this.settings.queueLimit, perAccount: this.settings.queuePerAccount },
      (tx, stored, round) => this.jobs.enqueue(tx, stored.id, round),
    );
    switch (admitted.kind) {
      case 'queue-full':
        throw new AnalysisQueueFullError(this.settings.queueLimit);
      case 'share-used':
        throw new AnalysisQueueShareError(this.settings.queuePerAccount);
      case 'stored':
        return analysisView(admitted.record);
    }
  }

  /** Every analysis asked of the match (one per engine and look-ahead), the newest first; none: an empty list. */
  async list(matchId: string): Promise<AnalysisSummaryView[]> {
    await this.store.record(matchId);
    return (await this.analyses.all(matchId)).map(analysisSummary);
  }

  async read(matchId: string): Promise<AnalysisView> {
    await this.store.record(matchId);
    const analysis = await this.analyses.latest(matchId);
    if (analysis === null) throw new AnalysisNotFoundError();
    return analysisView(analysis);
  }

  /**
   * Server-sent events while the analysis runs: `analysis` with its status and progress each time
   * they change, ending after `done` or `failed` (whose message holds the whole analysis).
   */
  async follow(matchId: string, answer: EventStreamAnswer): Promise<void> {
    await this.store.record(matchId);
    const first = await this.analyses.latest(matchId);
    if (first === null) throw new AnalysisNotFoundError();
    const sink = answer.open();
    let last = '';
    const send = (analysis: AnalysisRecord): boolean => {
      const over = analysis.status === 'done' || analysis.status === 'failed';
      const data = over ? analysisView(analysis) : { status: analysis.status, progress: analysis.progress };
      const text = JSON.stringify(data);
      if (text !== last) {
        last = text;
        sink.send({ id: `${analysis.status}-${Math.round(analysis.progress * 100)}`, event: 'analysis', data: text });
      }
      return over;
    };
    if (send(first)) return sink.end();
    await this.poll(sink, first.id, send);
  }

  private poll(sink: EventSink, id: string, send: (analysis: AnalysisRecord) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const until = Date.now() + FOLLOW_FOR_MS;
      const timer = setInterval(() => {
        void this.analyses.byId(id).then(
          (analysis) => {
            if (sink.closed) return stop();
            if (analysis === null || send(analysis) || Date.now() > until) stop();
          },
          () => stop(),
        );
      }, FOLLOW_EVERY_MS);
      const stop = (): void => {
        clearInterval(timer);
        if (!sink.closed) sink.end();
        resolve();
      };
      sink.onClose(stop);
    });
  }
}

/** The refusals of the analysis use cases (docs/analysis.md), mapped to HTTP once by the problem filter. */
import { DomainError, refusal } from '../common/domain-error.js';

/** An analysis asked of a match that is not finished (under way, or never played): nothing is queued. */
export class MatchNotFinishedError extends refusal({
  code: 'match-not-finished',
  kind: 'conflict',
  message: 'Only a finished match can be analysed.',
}) {}

/** No analysis has been asked of the match. */
export class AnalysisNotFoundError extends refusal({
  code: 'analysis-not-found',
  kind: 'not-found',
  message: 'No analysis of this match has been asked for: POST /api/matches/{id}/analysis asks for one.',
}) {}

/** As many analyses wait as the service takes (ANALYSIS_QUEUE_LIMIT). */
export class AnalysisQueueFullError extends DomainError {
  readonly code = 'analysis-queue-full';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds = 60;
  constructor(limit: number) {
    super(`${limit} analyses are waiting already; ask again in a minute.`);
  }
}

/** The account that asks has its share of the queue waiting already (ANALYSIS_QUEUE_PER_ACCOUNT); `limit` is the share. */
export class AnalysisQueueShareError extends DomainError {
  readonly code = 'analysis-queue-share';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds = 60;
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(limit: number) {
    super(`You have ${limit} analyses waiting, as many as one account may; ask again when one is done.`);
    this.extensions = { limit };
  }
}

/**
 * A match left or timed out before either player made a real decision (docs/rules.md "Ratings"):
 * there is no decision to judge, so nothing is queued.
 */
export class NothingToAnalyseError extends refusal({
  code: 'nothing-to-analyse',
  kind: 'unprocessable',
  message: 'The match ended by a leave or a timeout before either player made a real decision: nothing to analyse.',
}) {}

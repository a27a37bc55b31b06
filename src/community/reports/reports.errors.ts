import { DomainError, InvalidFieldError, refusal } from '../../common/domain-error.js';

/** A player naming themselves to report. */
export class CannotReportSelfError extends refusal({
  code: 'cannot-report-self',
  kind: 'invalid',
  message: 'You cannot report yourself.',
}) {}

/** A report's `matchId` of a match the reported player did not play. */
export class NotTheirMatchError extends InvalidFieldError {
  readonly code = 'not-their-match';
  constructor() {
    super('The reported player did not play this match.', 'matchId');
  }
}

/** A report's `messageId` of no message the reported player wrote (in the report's match, when it names one). */
export class NotTheirMessageError extends InvalidFieldError {
  readonly code = 'not-their-message';
  constructor() {
    super('The reported player wrote no such message (in this match).', 'messageId');
  }
}

/**
 * The reporter filed as many reports in the last 24 hours as one may; Retry-After says when the oldest
 * of them leaves the window. Nothing is stored.
 */
export class TooManyReportsError extends DomainError {
  readonly code = 'too-many-reports';
  readonly kind = 'too-many';
  override readonly extensions: Readonly<Record<string, unknown>>;
  override readonly retryAfterSeconds: number;
  constructor(limit: number, retryAfterSeconds: number) {
    super(`At most ${limit} reports in 24 hours; try again in ${retryAfterSeconds} seconds.`);
    this.extensions = { limit };
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No report case has this id. */
export class ReportNotFoundError extends refusal({
  code: 'report-not-found',
  kind: 'not-found',
  message: 'There is no such report.',
}) {}

/** A report case closed already: it is closed once. */
export class ReportClosedError extends refusal({
  code: 'report-closed',
  kind: 'conflict',
  message: 'The report is closed already.',
}) {}

/**
 * The refusals of the interchange use cases (docs/architecture.md,
 * "Interchange"): plain domain errors, mapped to HTTP statuses once by the
 * problem filter.
 */
import { DomainError, refusal } from '../common/domain-error.js';

/** Where in the file an import was refused. */
export interface MatchFileFault {
  /** `bad-line`, `score-mismatch`, `match-unfinished`, ... or the engine's reason (`must-use-larger-die`, ...). */
  readonly reason: string;
  /** The game, as the file numbers it (a .mat file) or as the log reaches it (a JSON log); null for the file as a whole. */
  readonly game: number | null;
  /** .mat: the turn number of the line (`12)`); null when the fault is not in a turn. */
  readonly turn?: number | null;
  /** .mat: the 1-based line. */
  readonly line?: number | null;
  /** JSON log: the 1-based position of the event in `events`. */
  readonly event?: number | null;
}

/** A match file that cannot be read into a finished match: nothing is stored. */
export class InvalidMatchFileError extends refusal({
  code: 'invalid-match-file',
  kind: 'invalid',
  message: (message: string, _fault: MatchFileFault) => message,
  extensions: (_message: string, fault: MatchFileFault) => ({ ...fault }),
}) {}

/** A user who asked for as many imports as an hour allows, stored or refused (IMPORT_HOURLY_LIMIT). */
export class TooManyImportsError extends DomainError {
  readonly code = 'too-many-imports';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds: number;
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      `An account may import ${limit} files an hour, refused ones included; try again in ${retryAfterSeconds} seconds.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Seconds to wait before trying an import again when the queue is full: a file reads in a second at most. */
export const IMPORT_QUEUE_RETRY_SECONDS = 5;

/** Every import worker busy and IMPORT_QUEUE_SIZE files waiting: this one is not taken (nothing counted, nothing stored). */
export class ImportQueueFullError extends DomainError {
  readonly code = 'import-queue-full';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds = IMPORT_QUEUE_RETRY_SECONDS;
  constructor() {
    super(
      `The service is reading as many imported files as it can take at once; try again in ${IMPORT_QUEUE_RETRY_SECONDS} seconds.`,
    );
  }
}

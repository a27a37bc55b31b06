/**
 * The refusals of the tournament use cases (docs/tournaments.md), mapped to
 * HTTP once by the problem filter. The engine's refusals keep its reason as
 * their code.
 */
import { DomainError, InvalidFieldError, refusal, type DomainErrorKind } from '../../common/domain-error.js';
import type { TournamentRefusalReason } from '../../engine/index.js';

export class TournamentNotFoundError extends refusal({
  code: 'tournament-not-found',
  kind: 'not-found',
  message: 'No such tournament.',
}) {}

/** No event of that version in the tournament's log. */
export class TournamentEventNotFoundError extends refusal({
  code: 'event-not-found',
  kind: 'not-found',
  message: (version: number, last: number) =>
    `The tournament's log has no event ${version}: its events are 1 to ${last}.`,
}) {}

/** Terms that cannot be (400), naming the field. */
export class InvalidTournamentTermsError extends InvalidFieldError {
  readonly code = 'invalid-tournament-terms';
}

/** Only the organiser may do this (start, cancel, add a house bot). */
export class NotTheOrganiserError extends refusal({
  code: 'not-the-organiser',
  kind: 'forbidden',
  message: (what: string) => `Only the tournament's organiser may ${what}.`,
}) {}

/** A house bot entered where it cannot play, or a player added who is no house bot. */
export class EntryNotAllowedError extends refusal({
  code: 'entry-not-allowed',
  kind: 'unprocessable',
  message: (message: string) => message,
}) {}

/**
 * The organiser has as many tournaments open (not started) as one may (TOURNAMENTS_OPEN_PER_ORGANISER):
 * a new one waits until one starts or is cancelled. Nothing is stored.
 */
export class TooManyOpenTournamentsError extends refusal({
  code: 'too-many-open-tournaments',
  kind: 'conflict',
  message: (limit: number) => `You have ${limit} tournaments open, as many as one may; start or cancel one first.`,
  extensions: (limit: number) => ({ limit }),
}) {}

/**
 * The account created as many tournaments in the last 24 hours as one may (TOURNAMENTS_CREATED_PER_DAY);
 * Retry-After says when the oldest of them leaves the window. Nothing is stored.
 */
export class TooManyTournamentsError extends DomainError {
  readonly code = 'too-many-tournaments';
  readonly kind = 'too-many';
  override readonly extensions: Readonly<Record<string, unknown>>;
  override readonly retryAfterSeconds: number;
  constructor(limit: number, retryAfterSeconds: number) {
    super(`At most ${limit} tournaments in 24 hours; try again in ${retryAfterSeconds} seconds.`);
    this.extensions = { limit };
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How each engine refusal reads over HTTP: conflicts with the tournament's state, or rules its terms set. */
export const TOURNAMENT_REFUSAL_KINDS: Readonly<Record<TournamentRefusalReason, DomainErrorKind>> = {
  'bad-event': 'unprocessable',
  'bad-terms': 'invalid',
  'tournament-not-open': 'conflict',
  'tournament-not-running': 'conflict',
  'tournament-started': 'conflict',
  'tournament-cancelled': 'conflict',
  'tournament-full': 'conflict',
  'entries-closed': 'conflict',
  'rating-out-of-range': 'unprocessable',
  'bots-not-allowed': 'unprocessable',
  'already-entered': 'conflict',
  'not-entered': 'conflict',
  'already-withdrawn': 'conflict',
  'too-few-entrants': 'conflict',
};

/** The engine refused the event: its reason is the problem's code. */
export class TournamentRefusedError extends DomainError {
  readonly kind: DomainErrorKind;
  constructor(
    readonly code: TournamentRefusalReason,
    message: string,
  ) {
    super(message);
    this.kind = TOURNAMENT_REFUSAL_KINDS[code];
  }
}

/** Another write got in first, again and again: the caller may ask again. */
export class TournamentBusyError extends refusal({
  code: 'tournament-busy',
  kind: 'conflict',
  message: 'The tournament changed while this was written; ask again.',
}) {}

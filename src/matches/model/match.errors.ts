/**
 * The refusals of the match use cases (docs/architecture.md, "Errors"):
 * plain domain errors, mapped to HTTP statuses once by the problem filter.
 */
import { DomainError, InvalidFieldError, refusal } from '../../common/domain-error.js';

export class MatchNotFoundError extends refusal({
  code: 'match-not-found',
  kind: 'not-found',
  message: (id: string) => `There is no match ${id}.`,
}) {}

/** The caller is not one of the match's players (or, for an invitation, not the invited player). */
export class NotAPlayerError extends refusal({
  code: 'not-a-player',
  kind: 'forbidden',
  message: (message: string) => message,
}) {}

/** The caller is a player, but the decision is the opponent's. */
export class NotYourTurnError extends refusal({
  code: 'not-your-turn',
  kind: 'conflict',
  message: (message: string) => message,
}) {}

/** The rules do not allow the action now; `reason` is the engine's (e.g. `crawford-game`). */
export class ActionNotAllowedError extends refusal({
  code: 'action-not-allowed',
  kind: 'conflict',
  message: (_reason: string, message: string) => message,
  extensions: (reason: string) => ({ reason }),
}) {}

/** The play breaks a rule; `reason` is the play validator's (e.g. `must-use-larger-die`). */
export class IllegalPlayError extends refusal({
  code: 'illegal-play',
  kind: 'unprocessable',
  message: (_reason: string, message: string) => message,
  extensions: (reason: string) => ({ reason }),
}) {}

/** The client acted on a version that is no longer the match's; nothing was appended. */
export class VersionConflictError extends refusal({
  code: 'version-conflict',
  kind: 'conflict',
  message: (currentVersion: number, expectedVersion: number | null) =>
    expectedVersion === null
      ? `The match changed while the action was decided (now at version ${currentVersion}); reload and try again.`
      : `The action was decided on version ${expectedVersion}, but the match is at version ${currentVersion}.`,
  extensions: (currentVersion: number) => ({ currentVersion }),
}) {}

/** A timeout is claimed before the deadline. */
export class DeadlineNotReachedError extends refusal({
  code: 'deadline-not-reached',
  kind: 'conflict',
  message: (deadline: Date) =>
    `The player on the clock has until ${deadline.toISOString()}; a timeout can be claimed after that.`,
  extensions: (deadline: Date) => ({ deadline: deadline.toISOString() }),
}) {}

/** The match terms make no sense together (e.g. Jacoby in a match, inviting oneself). */
export class InvalidMatchTermsError extends InvalidFieldError {
  readonly code = 'invalid-match-terms';
}

/** No event has that sequence number in the match. */
export class EventNotFoundError extends refusal({
  code: 'event-not-found',
  kind: 'not-found',
  message: (matchId: string, seq: number) => `Match ${matchId} has no event ${seq}.`,
}) {}

/** A history query whose filters do not go together (e.g. an opponent without a player); `field` names the one at fault. */
export class InvalidHistoryQueryError extends InvalidFieldError {
  readonly code = 'invalid-history-query';
}

/** The match has no game of that number (yet). */
export class GameNotFoundError extends refusal({
  code: 'game-not-found',
  kind: 'not-found',
  message: (matchId: string, gameNumber: number) => `Match ${matchId} has no game ${gameNumber}.`,
}) {}

/** A Last-Event-ID that is not the id of an event the stream sent (a match stream's: a seq; a player stream's: `<match id>:<seq>`). */
export class InvalidLastEventIdError extends DomainError {
  readonly code = 'invalid-last-event-id';
  readonly kind = 'invalid';
  constructor(message = 'Last-Event-ID must be the id of an event this stream sent: a seq, a whole number.') {
    super(message);
  }
}

/** An imported match's dice came from its file: there is no seed to derive them from. */
export class NoDiceDerivationError extends refusal({
  code: 'imported-match',
  kind: 'not-found',
  message: (matchId: string) =>
    `Match ${matchId} was imported from a file: its dice were not thrown here, so there is no fairness record.`,
}) {}

/** A holder of as many live streams as one node allows (STREAMS_PER_USER, STREAMS_PER_ADDRESS); Retry-After says when to try again. */
export class TooManyStreamsError extends DomainError {
  readonly code = 'too-many-streams';
  readonly kind = 'too-many';
  override readonly retryAfterSeconds: number;
  constructor(holder: 'account' | 'client address', limit: number, retryAfterSeconds: number) {
    super(
      `An ${holder} may hold ${limit} live streams open at once; close one, or try again in ${retryAfterSeconds} seconds.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Which cap on waiting matches a new one would pass (README "Configuration"). */
export type MatchLimitCode =
  'too-many-open-challenges' | 'too-many-invitations' | 'too-many-invitations-to-player' | 'too-many-bot-matches';

const LIMIT_MESSAGES: Readonly<Record<MatchLimitCode, (limit: number) => string>> = {
  'too-many-open-challenges': (limit) =>
    `You have ${limit} open challenges waiting for an opponent, as many as allowed; abort one first.`,
  'too-many-invitations': (limit) =>
    `You have ${limit} invitations waiting for an answer, as many as allowed; abort one first.`,
  'too-many-invitations-to-player': (limit) =>
    `You have ${limit} invitations to this player waiting for an answer, as many as allowed; abort one first.`,
  'too-many-bot-matches': (limit) =>
    `You have ${limit} matches under way against this house bot, as many as allowed; finish or leave one first.`,
};

/** A new match would pass its creator's cap on waiting matches; `limit` is the cap. Nothing is stored. */
export class MatchLimitError extends DomainError {
  readonly kind = 'conflict';
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(
    readonly code: MatchLimitCode,
    limit: number,
  ) {
    super(LIMIT_MESSAGES[code](limit));
    this.extensions = { limit };
  }
}

/** An invitation to a house bot for what it cannot play (docs/bots.md, "Who plays what"); `houseBot` names it. Nothing is stored. */
export class BotCannotPlayError extends refusal({
  code: 'bot-cannot-play',
  kind: 'unprocessable',
  message: (_houseBot: string, message: string) => message,
  extensions: (houseBot: string) => ({ houseBot }),
}) {}

/**
 * The refusals of a match message (docs/community.md, "Match messages"): plain domain errors, mapped
 * to HTTP statuses once by the problem filter. The refusal of a caller who is no player of the match
 * is the matches module's `not-a-player`.
 */
import { DomainError, refusal } from '../../common/domain-error.js';

/**
 * The match does not take messages now: it has not started (an invitation or open challenge not yet
 * accepted, or one declined or withdrawn), or it ended more than 7 days ago (`closedAt` says when the
 * messages closed).
 */
export class MessagesClosedError extends DomainError {
  readonly code = 'messages-closed';
  readonly kind = 'forbidden';
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(message: string, closedAt: Date | null = null) {
    super(message);
    this.extensions = closedAt === null ? {} : { closedAt: closedAt.toISOString() };
  }
}

/** A moderator muted the author: no messages until the mute ends or is lifted (`until`, null: until lifted). */
export class MutedError extends refusal({
  code: 'muted',
  kind: 'forbidden',
  message: 'A moderator has muted your account: you cannot send messages for now.',
  extensions: (until: Date | null) => ({ until: until?.toISOString() ?? null }),
}) {}

/** The author wrote as many messages in this match as a window allows; Retry-After says when one more goes. */
export class TooManyMessagesError extends DomainError {
  readonly code = 'too-many-messages';
  readonly kind = 'too-many';
  override readonly extensions: Readonly<Record<string, unknown>>;
  override readonly retryAfterSeconds: number;
  constructor(limit: number, window: 'minute' | 'day', retryAfterSeconds: number) {
    super(`At most ${limit} messages a ${window} in a match; try again in ${retryAfterSeconds} seconds.`);
    this.extensions = { limit, window };
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

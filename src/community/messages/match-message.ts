/**
 * A message between a match's two players (docs/community.md, "Match messages"): what the API
 * answers with, what a live notice carries, and the limits on writing.
 */

/** A match message as the API shows it (POST and GET /api/matches/{id}/messages, the `message` event). */
export interface MatchMessageView {
  readonly id: string;
  readonly matchId: string;
  /** The author's username. */
  readonly author: string;
  readonly text: string;
  /** ISO 8601. */
  readonly createdAt: string;
}

/** The most characters of a message, once trimmed (the column is VARCHAR(500)). */
export const MESSAGE_MAX_LENGTH = 500;
/** How long after a match's end its players may still write. */
export const MESSAGES_OPEN_AFTER_END_MS = 7 * 24 * 60 * 60 * 1000;

/** A limit on one author's messages in one match, over a rolling window. */
export interface MessageLimit {
  readonly window: 'minute' | 'day';
  readonly ms: number;
  readonly limit: number;
}

/** 10 messages a minute and 100 a day, per author and match (counted in PostgreSQL, every node's). */
export const MESSAGE_LIMITS: readonly MessageLimit[] = [
  { window: 'minute', ms: 60_000, limit: 10 },
  { window: 'day', ms: 24 * 60 * 60 * 1000, limit: 100 },
];

/** The outbox message a new match message publishes, in the insert's transaction (docs/notifications.md). */
export const MATCH_MESSAGE_PUBLISHED = 'match.message';
/** The channel the insert NOTIFYs at its commit, to wake the notifications' consumer on every node. */
export const MATCH_MESSAGES_CHANNEL = 'nardy_match_messages';

/**
 * The opaque cursor of the leaderboard (docs/architecture.md "Ratings and
 * records"): the rating and id of a page's last player, as base64url of a JSON
 * array that starts with the list's name. Anything else is refused.
 */
import { InvalidLeaderboardCursorError } from './user.errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,256}$/;

export interface LeaderboardPosition {
  readonly rating: number;
  readonly id: string;
}

export function encodeLeaderboardCursor(at: LeaderboardPosition): string {
  return Buffer.from(JSON.stringify(['rating', at.rating, at.id])).toString('base64url');
}

export function decodeLeaderboardCursor(cursor: string): LeaderboardPosition {
  if (!BASE64URL.test(cursor)) throw new InvalidLeaderboardCursorError();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidLeaderboardCursorError();
  }
  if (!Array.isArray(values) || values.length !== 3 || values[0] !== 'rating')
    throw new InvalidLeaderboardCursorError();
  const [, rating, id] = values as [unknown, unknown, unknown];
  if (typeof rating !== 'number' || !Number.isFinite(rating) || typeof id !== 'string' || !UUID.test(id)) {
    throw new InvalidLeaderboardCursorError();
  }
  return { rating, id };
}

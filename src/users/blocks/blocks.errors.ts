import { refusal } from '../../common/domain-error.js';

/**
 * A player's request refused because the other party has blocked them (docs/community.md, "Blocks"):
 * an invitation, a join of an open challenge, an entry to a tournament, a message. One class for all
 * of them, and its words name nobody: the blocked player reads what any refused request reads.
 */
export class BlockedError extends refusal({
  code: 'blocked',
  kind: 'forbidden',
  message: 'This is not open to you.',
}) {}

/** A player naming themselves to block. */
export class CannotBlockSelfError extends refusal({
  code: 'cannot-block-self',
  kind: 'invalid',
  message: 'You cannot block yourself.',
}) {}

/** An account blocks at most `limit` players (docs/community.md, "Blocks"). */
export class TooManyBlocksError extends refusal({
  code: 'too-many-blocks',
  kind: 'conflict',
  message: (limit: number) => `An account blocks at most ${limit} players; unblock one first.`,
  extensions: (limit: number) => ({ limit }),
}) {}

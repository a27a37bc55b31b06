import type { MatchRecord } from '../matches/index.js';

/** The action a departing account takes on a match (docs/accounts.md, "Departure"). */
export type DepartingAction = 'abort' | 'decline' | 'leave';

/**
 * What an account that departs does to a match as it stands: withdraw its own challenge or
 * invitation not yet answered, decline one made to it, leave one under way it sits in; nothing to
 * a match over, or one it has no part in.
 */
export function departingAction(record: MatchRecord, userId: string): DepartingAction | null {
  const { status } = record.projection;
  if (status === 'invited') {
    if (record.creatorId === userId) return 'abort';
    if (record.invited?.id === userId) return 'decline';
    return null;
  }
  const seated = record.white?.id === userId || record.black?.id === userId;
  return status === 'playing' && seated ? 'leave' : null;
}

import type { SqlClient } from '../database/sql-client.js';
import { accountStanding, lockAccountSql, type Role } from '../users/index.js';
import { appendEntry } from './moderation-log.repository.js';
import type { ModerationEntry } from './moderation-action.js';

/**
 * Gives the account `targetId` the role `role` and logs it (docs/moderation.md, "Roles"): `grant` for
 * moderator or admin, `revoke` for player, by `moderatorId` (null: the operator at the command line),
 * in the caller's transaction. Nothing is written when the account has the role already: null then.
 * The guard reads the role on every request, so the change holds on every node at once.
 */
export async function changeRole(
  tx: Pick<SqlClient, 'query'>,
  targetId: string,
  role: Role,
  moderatorId: string | null,
  now: Date,
): Promise<ModerationEntry | null> {
  await tx.query(lockAccountSql('$1'), [targetId]);
  const before = await accountStanding.setRole(tx, targetId, role);
  if (before === null || before === role) return null;
  return appendEntry(tx, {
    action: role === 'player' ? 'revoke' : 'grant',
    targetId,
    moderatorId,
    reason: role === 'player' ? `role ${before} revoked` : `role ${role} granted`,
    days: null,
    endsAt: null,
    details: { from: before, to: role },
    createdAt: now,
  });
}

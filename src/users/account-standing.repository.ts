/**
 * The users module's statements on an account's role and standing that the moderators' tools run in
 * their own transactions, beside the log entry they append (docs/moderation.md). Only src/users
 * writes `users`, `reserved_usernames` and `rating_adjustments`; moderation composes these, as the
 * matches' write composes the rating effects.
 */
import type { SqlClient } from '../database/sql-client.js';
import { isRole, type Role } from './user.js';
import { usernameKey } from './username.js';

/** The client a statement runs on: the caller's transaction. */
type Runner = Pick<SqlClient, 'query'>;

/** Gives the account `id` the role `role`: the role it had before; null when there is no such account. */
export async function setRole(sql: Runner, id: string, role: Role): Promise<Role | null> {
  const [row] = await sql.query<{ before: string }>(
    `UPDATE users u SET role = $2, updated_at = now()
       FROM (SELECT id, role FROM users WHERE id = $1::uuid FOR NO KEY UPDATE) old
      WHERE u.id = old.id
     RETURNING old.role AS before`,
    [id, role],
  );
  return row === undefined ? null : isRole(row.before) ? row.before : 'player';
}

/** The accounts of role `roles`, by username: id, username, role. */
export async function accountsOfRoles(
  sql: Runner,
  roles: readonly Role[],
): Promise<{ id: string; username: string; role: Role }[]> {
  const rows = await sql.query<{ id: string; username: string; role: string }>(
    `SELECT id::text AS id, username, role FROM users WHERE role = ANY($1::varchar[]) ORDER BY username_key`,
    [[...roles]],
  );
  return rows.map((row) => ({ ...row, role: isRole(row.role) ? row.role : 'player' }));
}

/** Mutes the account from `since` until `until` (null: until lifted). */
export async function mute(sql: Runner, id: string, since: Date, until: Date | null): Promise<void> {
  await sql.query(`UPDATE users SET muted_at = $2, mute_ends_at = $3, updated_at = now() WHERE id = $1::uuid`, [
    id,
    since,
    until,
  ]);
}

/**
 * Bans the account from `since` until `until` (null: until lifted) for `reason`, and raises its token
 * version in the same statement, ending every token issued before: the new version.
 */
export async function ban(sql: Runner, id: string, since: Date, until: Date | null, reason: string): Promise<number> {
  const [row] = await sql.query<{ version: number }>(
    `UPDATE users SET banned_at = $2, ban_ends_at = $3, ban_reason = $4, token_version = token_version + 1,
            updated_at = now()
      WHERE id = $1::uuid RETURNING token_version AS version`,
    [id, since, until, reason],
  );
  if (row === undefined) throw new Error(`No account ${id} to ban.`);
  return row.version;
}

/** Ends the account's mute and ban, and marks its warnings seen at `now`. */
export async function lift(sql: Runner, id: string, now: Date): Promise<void> {
  await sql.query(
    `UPDATE users SET muted_at = NULL, mute_ends_at = NULL, banned_at = NULL, ban_ends_at = NULL, ban_reason = NULL,
            warnings_seen_at = $2, updated_at = now()
      WHERE id = $1::uuid`,
    [id, now],
  );
}

/**
 * A forced rename (docs/moderation.md, "Rename"): the account's name is reserved for good (no one
 * registers it, whatever its case), the account takes `placeholder`, must choose a new name at its
 * next sign-in, and its token version is raised (its tokens carry the old name). The new version.
 */
export async function forceRename(sql: Runner, id: string, placeholder: string, now: Date): Promise<number> {
  const [row] = await sql.query<{ version: number }>(
    `WITH old AS (SELECT username_key FROM users WHERE id = $1::uuid),
          reserved AS (
            INSERT INTO reserved_usernames (username_key, user_id, reserved_at)
            SELECT username_key, $1::uuid, $4 FROM old
            ON CONFLICT (username_key) DO NOTHING)
     UPDATE users SET username = $2, username_key = $3, rename_required = true, token_version = token_version + 1,
            updated_at = now()
      WHERE id = $1::uuid RETURNING token_version AS version`,
    [id, placeholder, usernameKey(placeholder), now],
  );
  if (row === undefined) throw new Error(`No account ${id} to rename.`);
  return row.version;
}

/** A rating refund to give: the points `userId` lost in the match `matchId`. */
export interface RefundDue {
  readonly userId: string;
  readonly matchId: string;
  readonly points: number;
}

/**
 * Gives back the refunds `due` as adjustments of cause `refund` made by the moderators' action
 * `actionId` (docs/moderation.md, "Rating refunds"), each account's rating raised by them, in the
 * caller's transaction. A refund given before for the same match and account (by any action) is not
 * given again. The players are locked in id order first, as a rated end locks them. The refunds given.
 */
export async function refundRatings(
  sql: Runner,
  due: readonly RefundDue[],
  actionId: string,
  now: Date,
): Promise<RefundDue[]> {
  if (due.length === 0) return [];
  const users = [...new Set(due.map((refund) => refund.userId))];
  await sql.query(`SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [users]);
  return sql.query<RefundDue>(
    `WITH given AS (
       INSERT INTO rating_adjustments (id, user_id, points, cause, match_id, action_id, created_at)
       SELECT gen_random_uuid(), d.user_id, d.points, 'refund', d.match_id, $4::uuid, $5
         FROM unnest($1::uuid[], $2::uuid[], $3::float8[]) AS d(user_id, match_id, points)
        WHERE NOT EXISTS (SELECT 1 FROM rating_adjustments a
                           WHERE a.cause = 'refund' AND a.match_id = d.match_id AND a.user_id = d.user_id)
       RETURNING user_id, match_id, points),
     raised AS (
       UPDATE users SET rating = rating + s.points, updated_at = now()
         FROM (SELECT user_id, sum(points) AS points FROM given GROUP BY user_id) s
        WHERE users.id = s.user_id)
     SELECT user_id::text AS "userId", match_id::text AS "matchId", points FROM given ORDER BY match_id, user_id`,
    [due.map((r) => r.userId), due.map((r) => r.matchId), due.map((r) => r.points), actionId, now],
  );
}

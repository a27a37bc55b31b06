import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';
import { PURGE_REVOKED_FAMILIES_SQL, REVOKE_GONE_FAMILIES_SQL } from '../security/index.js';

/** A refresh token as found by its hash, with its family and account (docs/architecture.md, "Refresh tokens"). */
export interface StoredRefreshToken {
  readonly id: string;
  readonly familyId: string;
  readonly createdAt: Date;
  /** When it was exchanged already: null while it is its family's current token. */
  readonly usedAt: Date | null;
  /** The account's token version at the family's sign-in, and now. */
  readonly familyTokenVersion: number;
  readonly userId: string;
  readonly username: string;
  readonly currentTokenVersion: number;
}

interface Row {
  id: string;
  familyId: string;
  createdAt: Date | string;
  usedAt: Date | string | null;
  familyTokenVersion: number;
  userId: string;
  username: string;
  currentTokenVersion: number;
}

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The refresh families and their tokens (`refresh_families`, `refresh_tokens`); values only as SHA-256, in hex to SQL. */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly sql: SqlClient) {}

  /** A new family for a sign-in of `userId` at `tokenVersion`, with its first token; answers the family's id. */
  async startFamily(userId: string, tokenVersion: number, hash: Buffer, now: Date): Promise<string> {
    const familyId = randomUUID();
    await this.sql.query(
      `WITH family AS (
         INSERT INTO refresh_families (id, user_id, token_version, created_at)
         VALUES ($1::uuid, $2::uuid, $3::int, $5::timestamptz) RETURNING id
       )
       INSERT INTO refresh_tokens (id, family_id, token_hash, created_at)
       SELECT $4::uuid, family.id, decode($6, 'hex'), $5::timestamptz FROM family`,
      [familyId, userId, tokenVersion, randomUUID(), now.toISOString(), hash.toString('hex')],
    );
    return familyId;
  }

  /** The token whose value hashes to `hash`; null when there is none (never made, or its family ended). */
  async find(hash: Buffer): Promise<StoredRefreshToken | null> {
    const [row] = await this.sql.query<Row>(
      `SELECT t.id::text AS id, t.family_id::text AS "familyId", t.created_at AS "createdAt", t.used_at AS "usedAt",
              f.token_version AS "familyTokenVersion", u.id::text AS "userId", u.username,
              u.token_version AS "currentTokenVersion"
         FROM refresh_tokens t JOIN refresh_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id
        WHERE t.token_hash = decode($1, 'hex')`,
      [hash.toString('hex')],
    );
    if (!row) return null;
    return { ...row, createdAt: dateOf(row.createdAt), usedAt: row.usedAt === null ? null : dateOf(row.usedAt) };
  }

  /**
   * Exchanges the family's current token `id` for a new one (`hash`), in one transaction that locks
   * the family first: false when `id` was exchanged meanwhile, or its family ended (then nothing is
   * written). A family ended at the same time (endFamily) waits for the lock and ends the new token too.
   */
  async rotate(familyId: string, id: string, hash: Buffer, now: Date): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const family = await tx.query(`SELECT 1 FROM refresh_families WHERE id = $1::uuid FOR UPDATE`, [familyId]);
      if (family.length === 0) return false;
      const used = await tx.query(
        `UPDATE refresh_tokens SET used_at = $2::timestamptz WHERE id = $1::uuid AND used_at IS NULL RETURNING id`,
        [id, now.toISOString()],
      );
      if (used.length === 0) return false;
      await tx.query(
        `INSERT INTO refresh_tokens (id, family_id, token_hash, created_at)
         VALUES ($1::uuid, $2::uuid, decode($3, 'hex'), $4::timestamptz)`,
        [randomUUID(), familyId, hash.toString('hex'), now.toISOString()],
      );
      return true;
    });
  }

  /** Ends a family: its tokens with it. */
  async endFamily(familyId: string): Promise<void> {
    await this.sql.query(`DELETE FROM refresh_families WHERE id = $1::uuid`, [familyId]);
  }

  /**
   * Ends a family whose token was used twice and revokes the access tokens issued from it, in one
   * statement: the family's row goes (its tokens with it) and `revoked_refresh_families` (the
   * security module's table, written with its statement REVOKE_GONE_FAMILIES_SQL) keeps its
   * id until the last of those access tokens has expired, `accessTokenMs` from now (the database's
   * now) at the latest. Answers that moment; null when the family had ended already (then nothing
   * is written: whoever ended it revoked what needed revoking).
   */
  async revokeFamily(familyId: string, accessTokenMs: number): Promise<Date | null> {
    const [row] = await this.sql.query<{ expiresAt: Date | string }>(
      `WITH gone AS (DELETE FROM refresh_families WHERE id = $1::uuid RETURNING id, user_id)
       ${REVOKE_GONE_FAMILIES_SQL}`,
      [familyId, accessTokenMs],
    );
    return row ? dateOf(row.expiresAt) : null;
  }

  /**
   * Deletes at most `limit` revoked families whose access tokens have all expired (by the
   * database's clock, which set their expiry); answers how many. Rows another node is deleting are
   * skipped, as purgeIdle's are.
   */
  async purgeRevoked(limit: number): Promise<number> {
    const [gone] = await this.sql.query<{ n: number }>(PURGE_REVOKED_FAMILIES_SQL, [limit]);
    return gone?.n ?? 0;
  }

  /** Ends every family of the account (logging out everywhere). */
  async endFamiliesOf(userId: string): Promise<void> {
    await this.sql.query(`DELETE FROM refresh_families WHERE user_id = $1::uuid`, [userId]);
  }

  /** Ends the family of the token whose value hashes to `hash` (signing out); nothing when there is none. */
  async endFamilyOfToken(hash: Buffer): Promise<void> {
    await this.sql.query(
      `DELETE FROM refresh_families
        WHERE id = (SELECT family_id FROM refresh_tokens WHERE token_hash = decode($1, 'hex'))`,
      [hash.toString('hex')],
    );
  }

  /**
   * Deletes at most `limit` families idle since `idleSince` (no token made since: every one of
   * theirs is refused already), and at most `limit` tokens exchanged by then; answers how many of
   * each. Rows another node is deleting, or a rotation holds, are skipped (SKIP LOCKED), so that
   * several nodes may run it at once and none waits for another.
   */
  async purgeIdle(idleSince: Date, limit: number): Promise<{ families: number; tokens: number }> {
    const [families] = await this.sql.query<{ n: number }>(
      `WITH idle AS (
         SELECT f.id FROM refresh_families f
          WHERE NOT EXISTS (
                  SELECT 1 FROM refresh_tokens t WHERE t.family_id = f.id AND t.created_at > $1::timestamptz)
          ORDER BY f.created_at LIMIT $2::int FOR UPDATE SKIP LOCKED
       ), gone AS (DELETE FROM refresh_families WHERE id IN (SELECT id FROM idle) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [idleSince.toISOString(), limit],
    );
    const [tokens] = await this.sql.query<{ n: number }>(
      `WITH spent AS (
         SELECT id FROM refresh_tokens WHERE used_at <= $1::timestamptz
          ORDER BY used_at LIMIT $2::int FOR UPDATE SKIP LOCKED
       ), gone AS (DELETE FROM refresh_tokens WHERE id IN (SELECT id FROM spent) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [idleSince.toISOString(), limit],
    );
    return { families: families?.n ?? 0, tokens: tokens?.n ?? 0 };
  }
}

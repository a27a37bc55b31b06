import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import { addressKey } from './address-key.js';

/** What a mailed token is for. */
export type EmailTokenPurpose = 'verify' | 'reset';

export interface NewEmailToken {
  readonly userId: string;
  readonly purpose: EmailTokenPurpose;
  /** Where its mail goes. */
  readonly address: string;
  readonly tokenHash: Buffer;
  /** For a verification, the hash of its short code too. */
  readonly codeHash: Buffer | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** A reset token still good: its account. */
export interface PendingReset {
  readonly id: string;
  readonly userId: string;
}

const hex = (hash: Buffer | null): string | null => (hash === null ? null : hash.toString('hex'));

/**
 * The single-use tokens sent by mail (`email_tokens`), only as SHA-256 hashes (in hex to SQL).
 * Their rows are also the count of mails sent, for the hourly limits.
 */
@Injectable()
export class EmailTokensRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Stores a new token. A new verification ends the account's earlier ones still unused: only the
   * address asked for last can be verified. The account's tokens expired a day ago or more go: no
   * count looks back that far.
   */
  async create(token: NewEmailToken): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `DELETE FROM email_tokens WHERE user_id = $1::uuid AND expires_at < $2::timestamptz - interval '1 day'`,
        [token.userId, token.createdAt.toISOString()],
      );
      if (token.purpose === 'verify') {
        await tx.query(
          `UPDATE email_tokens SET used_at = $2::timestamptz
            WHERE user_id = $1::uuid AND purpose = 'verify' AND used_at IS NULL`,
          [token.userId, token.createdAt.toISOString()],
        );
      }
      await tx.query(
        `INSERT INTO email_tokens (id, user_id, purpose, address, address_key, token_hash, code_hash, created_at, expires_at)
         VALUES ($1::uuid, $2::uuid, $3, $4, $9, decode($5, 'hex'), decode($6, 'hex'), $7::timestamptz, $8::timestamptz)`,
        [
          randomUUID(),
          token.userId,
          token.purpose,
          token.address,
          hex(token.tokenHash),
          hex(token.codeHash),
          token.createdAt.toISOString(),
          token.expiresAt.toISOString(),
          addressKey(token.address),
        ],
      );
    });
  }

  /**
   * How many mails of `purpose` went since `since` to the account `userId` (when given) and to
   * `address` (whatever its case, when given): the larger count.
   */
  async sentSince(
    purpose: EmailTokenPurpose,
    to: { userId: string | null; address: string | null },
    since: Date,
  ): Promise<number> {
    const [row] = await this.sql.query<{ account: number; address: number }>(
      `SELECT (SELECT count(*) FROM email_tokens
                WHERE user_id = $2::uuid AND created_at > $4::timestamptz AND purpose = $1)::int AS account,
              (SELECT count(*) FROM email_tokens
                WHERE address_key = $3::varchar AND created_at > $4::timestamptz AND purpose = $1)::int AS address`,
      [purpose, to.userId, to.address === null ? null : addressKey(to.address), since.toISOString()],
    );
    return Math.max(row?.account ?? 0, row?.address ?? 0);
  }

  /**
   * Uses the account's verification whose token or code hashes as given, if still good at `now`:
   * the address it verifies; null when there is none (mistyped, expired, used, another account's).
   * One statement, so a token is used once however many requests bring it at the same time.
   */
  async useVerification(userId: string, tokenHash: Buffer, codeHash: Buffer, now: Date): Promise<string | null> {
    const [row] = await this.sql.query<{ address: string }>(
      `UPDATE email_tokens SET used_at = $4::timestamptz
        WHERE id = (SELECT id FROM email_tokens
                     WHERE user_id = $1::uuid AND purpose = 'verify' AND used_at IS NULL
                       AND expires_at > $4::timestamptz
                       AND (token_hash = decode($2, 'hex') OR code_hash = decode($3, 'hex'))
                     LIMIT 1)
          AND used_at IS NULL
       RETURNING address`,
      [userId, hex(tokenHash), hex(codeHash), now.toISOString()],
    );
    return row?.address ?? null;
  }

  /** The account's address waiting for verification (its newest good token's); null when none. */
  async pendingVerification(userId: string, now: Date): Promise<string | null> {
    const [row] = await this.sql.query<{ address: string }>(
      `SELECT address FROM email_tokens
        WHERE user_id = $1::uuid AND purpose = 'verify' AND used_at IS NULL AND expires_at > $2::timestamptz
        ORDER BY created_at DESC LIMIT 1`,
      [userId, now.toISOString()],
    );
    return row?.address ?? null;
  }

  /** The reset whose token hashes as given, if still good at `now`; null otherwise. */
  async findReset(tokenHash: Buffer, now: Date): Promise<PendingReset | null> {
    const [row] = await this.sql.query<PendingReset>(
      `SELECT id::text AS id, user_id::text AS "userId" FROM email_tokens
        WHERE token_hash = decode($1, 'hex') AND purpose = 'reset' AND used_at IS NULL
          AND expires_at > $2::timestamptz`,
      [hex(tokenHash), now.toISOString()],
    );
    return row ?? null;
  }

  /**
   * Uses the reset `id`, and ends every other unused reset of its account with it: false when it was
   * used meanwhile (the request that used it first wins).
   */
  async useReset(id: string, userId: string, now: Date): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const used = await tx.query(
        `UPDATE email_tokens SET used_at = $2::timestamptz WHERE id = $1::uuid AND used_at IS NULL RETURNING id`,
        [id, now.toISOString()],
      );
      if (used.length === 0) return false;
      await tx.query(
        `UPDATE email_tokens SET used_at = $2::timestamptz
          WHERE user_id = $1::uuid AND purpose = 'reset' AND used_at IS NULL`,
        [userId, now.toISOString()],
      );
      return true;
    });
  }
}

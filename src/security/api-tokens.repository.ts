import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';
import type { ApiTokenScope } from './api-token-scopes.js';

/** A personal API token as stored, without its value (docs/architecture.md, "Personal API tokens"). */
export interface ApiToken {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly ApiTokenScope[];
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly lastUsedAt: Date | null;
}

/** The token a value stands for, with its account, for the bearer check. */
export interface ApiTokenHolder extends ApiToken {
  readonly userId: string;
  readonly username: string;
  readonly tokenVersion: number;
}

interface ApiTokenRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: Date | string;
  expiresAt: Date | string | null;
  lastUsedAt: Date | string | null;
}

const COLUMNS = `t.id::text AS id, t.name, t.scopes, t.created_at AS "createdAt", t.expires_at AS "expiresAt",
       t.last_used_at AS "lastUsedAt"`;

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[], // written from API_TOKEN_SCOPES only
    createdAt: dateOf(row.createdAt),
    expiresAt: row.expiresAt === null ? null : dateOf(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : dateOf(row.lastUsedAt),
  };
}

/** The personal API tokens (`api_tokens`): only the SHA-256 of a value is stored, as hex in and out of SQL. */
@Injectable()
export class ApiTokensRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * The token whose value hashes to `hash`, with its account; null when there is none (never made, or
   * revoked), or its account is closed or under a ban in force at `now` (docs/moderation.md, "Bans"): read on
   * each use, so a ban stops the account's tokens on every node at once, and a ban that ends lets them work again.
   */
  async findByHash(hash: Buffer, now: Date): Promise<ApiTokenHolder | null> {
    const [row] = await this.sql.query<ApiTokenRow & { userId: string; username: string; tokenVersion: number }>(
      `SELECT ${COLUMNS}, u.id::text AS "userId", u.username, u.token_version AS "tokenVersion"
         FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = decode($1, 'hex') AND u.closed_at IS NULL
          AND NOT (u.banned_at IS NOT NULL AND u.banned_at <= $2::timestamptz
                   AND (u.ban_ends_at IS NULL OR u.ban_ends_at > $2::timestamptz))`,
      [hash.toString('hex'), now.toISOString()],
    );
    if (!row) return null;
    return { ...toApiToken(row), userId: row.userId, username: row.username, tokenVersion: row.tokenVersion };
  }

  /** Notes a use at `now`, unless one was noted less than `everyMs` before (a request does not always write). */
  async touch(id: string, now: Date, everyMs: number): Promise<void> {
    await this.sql.query(
      `UPDATE api_tokens SET last_used_at = $2::timestamptz
        WHERE id = $1::uuid AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - $3::int * interval '1 millisecond')`,
      [id, now.toISOString(), everyMs],
    );
  }

  /** The account's tokens, oldest first. */
  async listOf(userId: string): Promise<ApiToken[]> {
    const rows = await this.sql.query<ApiTokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens t WHERE t.user_id = $1::uuid ORDER BY t.created_at, t.id`,
      [userId],
    );
    return rows.map(toApiToken);
  }

  /**
   * Stores a new token of the account, unless it has `limit` already: null then. The account's row
   * is locked first (FOR NO KEY UPDATE, as other per-account caps do), and the tokens are counted
   * in a second statement whose snapshot follows the lock, so two creations at once count each other.
   */
  async create(
    userId: string,
    token: { name: string; scopes: readonly ApiTokenScope[]; hash: Buffer; createdAt: Date; expiresAt: Date | null },
    limit: number,
  ): Promise<ApiToken | null> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1::uuid FOR NO KEY UPDATE`, [userId]);
      const rows = await tx.query<ApiTokenRow>(
        `INSERT INTO api_tokens AS t (id, user_id, name, scopes, token_hash, created_at, expires_at)
         SELECT $1::uuid, $2::uuid, $3, $4::varchar[], decode($5, 'hex'), $6::timestamptz, $7::timestamptz
          WHERE (SELECT count(*) FROM api_tokens WHERE user_id = $2::uuid) < $8::int
         RETURNING ${COLUMNS}`,
        [
          randomUUID(),
          userId,
          token.name,
          [...token.scopes],
          token.hash.toString('hex'),
          token.createdAt.toISOString(),
          token.expiresAt?.toISOString() ?? null,
          limit,
        ],
      );
      return rows.length === 0 ? null : toApiToken(rows[0]);
    });
  }

  /** Which of the tokens `ids` still exist (not revoked). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id::text AS id FROM api_tokens WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Deletes the account's token `id`; false when the account has no such token. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `DELETE FROM api_tokens WHERE id = $1::uuid AND user_id = $2::uuid RETURNING id::text AS id`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /** Deletes every token of the account (its closing, docs/accounts.md); how many there were. */
  async deleteAllOf(userId: string): Promise<number> {
    const rows = await this.sql.query<{ id: string }>(
      `DELETE FROM api_tokens WHERE user_id = $1::uuid RETURNING id::text AS id`,
      [userId],
    );
    return rows.length;
  }
}

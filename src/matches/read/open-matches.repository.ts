import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** A match not over in which an account has a part, at the version it was read at. */
export interface OpenMatchOfAccount {
  readonly matchId: string;
  readonly version: number;
}

/**
 * The matches not over in which the account $1 has a part (docs/accounts.md, "Departure"): the open
 * challenges and invitations it made or was sent (status invited), and those it sits in (playing).
 * Four index reads (matches' creator, invited, white and black indexes), oldest first.
 */
export const OPEN_MATCHES_OF_ACCOUNT_SQL = `
SELECT id AS "matchId", version FROM matches
 WHERE status IN ('invited', 'playing')
   AND (creator_id = $1::uuid OR invited_id = $1::uuid OR white_id = $1::uuid OR black_id = $1::uuid)
 ORDER BY created_at, id`;

/**
 * Every match the account $1 has a part in, played or imported (its creator, the invited player, a
 * player seated), by (created_at, id) after ($2, $3), at most $4: the export of its data (docs/accounts.md).
 */
export const MATCHES_OF_ACCOUNT_SQL = `
SELECT id, created_at AS "createdAt" FROM matches
 WHERE (creator_id = $1::uuid OR invited_id = $1::uuid OR white_id = $1::uuid OR black_id = $1::uuid)
   AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
 ORDER BY created_at, id
 LIMIT $4::int`;

/** A match of an account, with the key its pages go by. */
export interface MatchOfAccount {
  readonly id: string;
  readonly createdAt: Date;
}

/** The matches an account's departure acts on, and those its export writes out (through the matches' face). */
@Injectable()
export class OpenMatchesRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The matches not over (invited or playing) that `userId` (a UUID) created, was invited to, or sits in. */
  async of(userId: string): Promise<OpenMatchOfAccount[]> {
    return this.sql.query<OpenMatchOfAccount>(OPEN_MATCHES_OF_ACCOUNT_SQL, [userId]);
  }

  /** A page of every match `userId` has a part in, oldest first, after `after` (null: from the first). */
  async allOf(userId: string, after: MatchOfAccount | null, limit: number): Promise<MatchOfAccount[]> {
    const rows = await this.sql.query<{ id: string; createdAt: Date | string }>(MATCHES_OF_ACCOUNT_SQL, [
      userId,
      after?.createdAt.toISOString() ?? null,
      after?.id ?? null,
      limit,
    ]);
    return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt) }));
  }
}

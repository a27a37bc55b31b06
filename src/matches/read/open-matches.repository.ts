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

/** The matches an account's departure acts on (accounts' AccountDeparture, through the matches' face). */
@Injectable()
export class OpenMatchesRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The matches not over (invited or playing) that `userId` (a UUID) created, was invited to, or sits in. */
  async of(userId: string): Promise<OpenMatchOfAccount[]> {
    return this.sql.query<OpenMatchOfAccount>(OPEN_MATCHES_OF_ACCOUNT_SQL, [userId]);
  }
}

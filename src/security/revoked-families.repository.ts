import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/**
 * The refresh families ended by a token's reuse whose access tokens may still be unexpired
 * (`revoked_refresh_families`), read for the bearer check (docs/architecture.md, "Refresh
 * tokens"). RefreshTokensRepository writes them, in the statement that ends the family.
 */
@Injectable()
export class RevokedFamiliesRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Every revoked family whose access tokens may not all have expired yet, with when they all have. */
  async unexpired(): Promise<Map<string, Date>> {
    const rows = await this.sql.query<{ familyId: string; expiresAt: Date | string }>(
      `SELECT family_id::text AS "familyId", expires_at AS "expiresAt"
         FROM revoked_refresh_families WHERE expires_at > now()`,
    );
    return new Map(rows.map((row) => [row.familyId, new Date(row.expiresAt)]));
  }
}

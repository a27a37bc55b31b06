import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/**
 * The statement's tail that revokes the refresh families a preceding `gone` (`DELETE FROM
 * refresh_families … RETURNING id, user_id`) ended, until `$2` ms from now (the database's now):
 * the auth module runs it in the statement that ends a family (RefreshTokensRepository.revokeFamily),
 * as idempotency's statements run in the matches' write. Answers `expires_at AS "expiresAt"`.
 */
export const REVOKE_GONE_FAMILIES_SQL = `INSERT INTO revoked_refresh_families (family_id, user_id, expires_at)
       SELECT id, user_id, now() + make_interval(secs => $2::float8 / 1000) FROM gone
       ON CONFLICT (family_id) DO UPDATE SET expires_at = greatest(
         revoked_refresh_families.expires_at, excluded.expires_at)
       RETURNING expires_at AS "expiresAt"`;

/**
 * The statement that deletes at most `$1` revoked families whose access tokens have all expired,
 * skipping rows another node is deleting; answers `n`, how many (the auth module's purger runs it:
 * RefreshTokensRepository.purgeRevoked).
 */
export const PURGE_REVOKED_FAMILIES_SQL = `WITH expired AS (
         SELECT family_id FROM revoked_refresh_families WHERE expires_at <= now()
          ORDER BY expires_at LIMIT $1::int FOR UPDATE SKIP LOCKED
       ), gone AS (DELETE FROM revoked_refresh_families WHERE family_id IN (SELECT family_id FROM expired) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`;

/**
 * The refresh families ended by a token's reuse whose access tokens may still be unexpired
 * (`revoked_refresh_families`, this module's table), read for the bearer check
 * (docs/architecture.md, "Refresh tokens"). The auth module writes them with this module's
 * statements above, in the statement that ends the family.
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

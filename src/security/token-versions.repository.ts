import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/**
 * The accounts' token versions (`users.token_version`), read for the bearer
 * check (docs/architecture.md, "API conventions"). UsersRepository raises them.
 */
@Injectable()
export class TokenVersionsRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The account's token version; null when there is no such account. */
  async current(userId: string): Promise<number | null> {
    const [row] = await this.sql.query<{ version: number }>(
      'SELECT token_version AS version FROM users WHERE id = $1::uuid',
      [userId],
    );
    return row?.version ?? null;
  }

  /** The token versions of the accounts `userIds`, in one query; an account that does not exist is left out. */
  async currentOf(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.sql.query<{ id: string; version: number }>(
      'SELECT id::text AS id, token_version AS version FROM users WHERE id = ANY($1::uuid[])',
      [[...userIds]],
    );
    return new Map(rows.map((row) => [row.id, row.version]));
  }
}

import { Injectable } from '@nestjs/common';
import { isUuid } from '../common/uuid.js';
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
    if (!isUuid(userId)) return null;
    const [row] = await this.sql.query<{ version: number }>(
      'SELECT token_version AS version FROM users WHERE id = $1::uuid',
      [userId],
    );
    return row?.version ?? null;
  }
}

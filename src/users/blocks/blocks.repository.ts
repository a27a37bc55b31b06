import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/**
 * The players' blocks (docs/community.md, "Blocks"), table `user_blocks`: the only code that reads and
 * writes it. A block is one-way: `blocker` keeps `blocked` away from their invitations, challenges,
 * tournaments and messages.
 */
@Injectable()
export class BlocksRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Whether `blockerId` has blocked `blockedId`. */
  async blocks(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.sql.query(`SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
      blockerId,
      blockedId,
    ]);
    return rows.length > 0;
  }

  /** Whether either of the two has blocked the other. */
  async between(a: string, b: string): Promise<boolean> {
    const rows = await this.sql.query(
      `SELECT 1 FROM user_blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)`,
      [a, b],
    );
    return rows.length > 0;
  }
}

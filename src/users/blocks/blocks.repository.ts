import { Injectable } from '@nestjs/common';
import {
  cursorCodec,
  instantKey,
  pageOf,
  pageStart,
  uuidKey,
  type Page,
  type PageRequest,
} from '../../common/page-cursor.js';
import { SqlClient } from '../../database/sql-client.js';
import { lockAccountSql } from '../account-statements.js';

/** A block as its blocker lists it. */
export interface Block {
  readonly blockedId: string;
  readonly username: string;
  readonly blockedAt: Date;
}

/** What a block asked for came to. */
export type BlockOutcome = 'blocked' | 'already-blocked' | 'too-many';

/** The blocker's list, newest first: a cursor holds the last block's time and the blocked account's id. */
const BLOCKS_CURSOR = cursorCodec('blocks', { blockedAt: instantKey, id: uuidKey });

interface BlockRow {
  blocked_id: string;
  username: string;
  created_at: Date;
}

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

  /**
   * `blockerId` blocks `blockedId` at `at`, unless it has already (the block keeps its first time) or
   * blocks `limit` players already. The blocks are counted under the blocker's lock (lockAccountSql),
   * so that blocks sent at once, on any node, are counted one after the other and none passes the cap.
   */
  async block(blockerId: string, blockedId: string, at: Date, limit: number): Promise<BlockOutcome> {
    return this.sql.transaction(async (tx) => {
      await tx.query(lockAccountSql('$1'), [blockerId]);
      const [row] = await tx.query<{ present: boolean; inserted: boolean }>(
        `WITH present AS (SELECT 1 FROM user_blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid),
              inserted AS (
                INSERT INTO user_blocks (blocker_id, blocked_id, created_at)
                SELECT $1::uuid, $2::uuid, $3::timestamptz
                 WHERE NOT EXISTS (SELECT 1 FROM present)
                   AND (SELECT count(*) FROM user_blocks WHERE blocker_id = $1::uuid) < $4::int
                ON CONFLICT DO NOTHING
                RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM present) AS present, EXISTS (SELECT 1 FROM inserted) AS inserted`,
        [blockerId, blockedId, at.toISOString(), limit],
      );
      if (row.present) return 'already-blocked';
      return row.inserted ? 'blocked' : 'too-many';
    });
  }

  /** `blockerId` unblocks `blockedId`; nothing when there was no block. */
  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.sql.query(`DELETE FROM user_blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid`, [
      blockerId,
      blockedId,
    ]);
  }

  /** The players `blockerId` has blocked, the newest block first, a cursor page at a time. */
  async listOf(blockerId: string, page: PageRequest): Promise<Page<Block>> {
    const after = pageStart(BLOCKS_CURSOR, page);
    const rows = await this.sql.query<BlockRow>(
      `SELECT b.blocked_id::text AS blocked_id, u.username, b.created_at
         FROM user_blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1::uuid
          AND ($3::timestamptz IS NULL OR (b.created_at, b.blocked_id) < ($3::timestamptz, $4::uuid))
        ORDER BY b.created_at DESC, b.blocked_id DESC
        LIMIT $2::int`,
      [blockerId, page.limit + 1, after?.blockedAt.toISOString() ?? null, after?.id ?? null],
    );
    return pageOf(
      BLOCKS_CURSOR,
      rows,
      page.limit,
      (row): Block => ({ blockedId: row.blocked_id, username: row.username, blockedAt: new Date(row.created_at) }),
      (block) => ({ blockedAt: block.blockedAt, id: block.blockedId }),
    );
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { MatchProjection } from '../model/match-record.js';
import { PROJECTION_SELECT, toProjection, type ProjectionRow } from './match-rows.js';

/** Every match id in id order, a batch ($1) at a time: the first batch, and the batch after an id ($2). */
const MATCH_IDS = [
  'SELECT id FROM matches ORDER BY id LIMIT $1::int',
  'SELECT id FROM matches WHERE id > $2::uuid ORDER BY id LIMIT $1::int',
] as const;

const READ_PROJECTION = `SELECT ${PROJECTION_SELECT} FROM matches m WHERE m.id = $1::uuid`;

/**
 * What the replay check (replay-verifier.ts) reads of `matches` besides what
 * the store reads: every match id, a batch at a time, and a projection as
 * stored. The ids given are matches' ids.
 */
@Injectable()
export class ReplayCheckRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Every match id in id order, `limit` at a time, after `afterId` (an id of the batch before; null for the first). */
  async matchIds(afterId: string | null, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      MATCH_IDS[afterId === null ? 0 : 1],
      afterId === null ? [limit] : [limit, afterId],
    );
    return rows.map((r) => r.id);
  }

  /** The projection as stored; null for an unknown match. */
  async readProjection(id: string): Promise<MatchProjection | null> {
    const rows = await this.sql.query<ProjectionRow>(READ_PROJECTION, [id]);
    return rows.length > 0 ? toProjection(rows[0]) : null;
  }
}

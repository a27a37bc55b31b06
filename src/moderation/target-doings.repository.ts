import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';
import { recentMatchesOf, type RecentMatch } from '../matches/index.js';

/** A reported player's latest matches, through the matches' own statement (docs/moderation.md, "The report queue"). */
@Injectable()
export class TargetDoingsRepository {
  constructor(private readonly sql: SqlClient) {}

  recentMatches(userId: string, limit: number): Promise<RecentMatch[]> {
    return recentMatchesOf(this.sql, userId, limit);
  }
}

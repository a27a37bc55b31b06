import { Injectable } from '@nestjs/common';
import { pageOf, pageStart, type Page, type PageRequest } from '../../common/page-cursor.js';
import { SqlClient } from '../../database/sql-client.js';
import { notBlockedBySql } from '../../users/index.js';
import type { MatchRecord } from '../model/match-record.js';
import { matchSelect, toMatchRecord, type MatchRow } from '../core/match-rows.js';
import { LIST_CURSORS } from './list-cursor.js';

/**
 * Newest first, after the cursor's (created_at, id) when there is one. The
 * bound `created_at <= $c` is the part an index on created_at can seek to;
 * the rest breaks ties within a millisecond.
 */
function newestFirst(cursor: { createdAt: number; id: number } | null): string {
  const after = cursor
    ? `AND created_at <= $${cursor.createdAt}::timestamptz
       AND (created_at < $${cursor.createdAt}::timestamptz OR id < $${cursor.id}::uuid)`
    : '';
  return `${after} ORDER BY created_at DESC, id DESC`;
}

/**
 * Open challenges ($1 = limit + 1; the viewer, or null, after the cursor's): served by
 * matches_status_created_at_idx, read backwards; those of creators who blocked the viewer left out.
 */
function openChallengesSql(withCursor: boolean): string {
  const viewer = withCursor ? '$4' : '$2';
  return `${matchSelect(`(
    SELECT * FROM matches
     WHERE status = 'invited' AND invited_id IS NULL AND ${notBlockedBySql('matches.creator_id', viewer)}
       ${newestFirst(withCursor ? { createdAt: 2, id: 3 } : null)}
     LIMIT $1::int)`)}
  ORDER BY m.created_at DESC, m.id DESC`;
}

/**
 * A player's matches ($1 = user, $2 = limit + 1): the newest of each seat's
 * own index (white_id, black_id, invited_id, each with created_at), merged;
 * a match where the player is both invited and seated counts once.
 */
function playerMatchesSql(withCursor: boolean): string {
  const seat = (column: string) =>
    `(SELECT id, created_at FROM matches WHERE ${column} = $1::uuid
      ${newestFirst(withCursor ? { createdAt: 3, id: 4 } : null)} LIMIT $2::int)`;
  return `${matchSelect('matches')}
  WHERE m.id IN (
    SELECT id FROM (${seat('white_id')} UNION ${seat('black_id')} UNION ${seat('invited_id')}) AS mine
     ORDER BY created_at DESC, id DESC
     LIMIT $2::int)
  ORDER BY m.created_at DESC, m.id DESC`;
}

/** The inbox's order: soonest deadline first (none last), then the longest-waiting turn, then id. */
const inboxOrder = (m: string) =>
  `COALESCE(${m}deadline, 'infinity'::timestamptz), COALESCE(${m}turn_started_at, ${m}updated_at), ${m}id`;

/**
 * The inbox ($1 = user, $2 = limit + 1): matches_turn_user_id_deadline_idx
 * finds the player's turns (a player has only so many open matches), sorted
 * in memory. After a cursor: $3 = its deadline or 'infinity', $4 = turn start, $5 = id.
 */
function inboxSql(withCursor: boolean): string {
  const after = withCursor ? `AND (${inboxOrder('')}) > ($3::timestamptz, $4::timestamptz, $5::uuid)` : '';
  return `${matchSelect(`(
    SELECT * FROM matches
     WHERE turn_user_id = $1::uuid AND status IN ('invited', 'playing') ${after}
     ORDER BY ${inboxOrder('')}
     LIMIT $2::int)`)}
  ORDER BY ${inboxOrder('m.')}`;
}

/** Each list's statement: for the first page, and after a cursor. */
const SQL = {
  openChallenges: [openChallengesSql(false), openChallengesSql(true)],
  playerMatches: [playerMatchesSql(false), playerMatchesSql(true)],
  inbox: [inboxSql(false), inboxSql(true)],
} as const;

/** A match's sort keys in the lists newest first. */
const byCreation = (m: MatchRecord) => ({ createdAt: m.createdAt, id: m.id });

/**
 * The match lists of fixed order in the database (docs/architecture.md,
 * "API conventions"): the open challenges, a player's matches and a player's
 * inbox, a cursor page at a time (list-cursor.ts); each read through an index
 * (test/medium/match-lists.medium-spec.ts checks the plans). A cursor of
 * another list is refused with InvalidCursorError.
 */
@Injectable()
export class MatchListsRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Challenges anyone may accept (invited, nobody named), newest first; with a viewer, not those whose
   * creator has blocked the viewer (docs/community.md, "Blocks").
   */
  async listOpenChallenges(page: PageRequest, viewerId: string | null = null): Promise<Page<MatchRecord>> {
    const after = pageStart(LIST_CURSORS.open, page);
    const rows = await this.sql.query<MatchRow>(
      SQL.openChallenges[after ? 1 : 0],
      after ? [page.limit + 1, after.createdAt.toISOString(), after.id, viewerId] : [page.limit + 1, viewerId],
    );
    return pageOf(LIST_CURSORS.open, rows, page.limit, toMatchRecord, byCreation);
  }

  /** The matches where the user is white, black or the invited player, newest first. */
  async listForUser(userId: string, page: PageRequest): Promise<Page<MatchRecord>> {
    const after = pageStart(LIST_CURSORS.mine, page);
    const rows = await this.sql.query<MatchRow>(
      SQL.playerMatches[after ? 1 : 0],
      after ? [userId, page.limit + 1, after.createdAt.toISOString(), after.id] : [userId, page.limit + 1],
    );
    return pageOf(LIST_CURSORS.mine, rows, page.limit, toMatchRecord, byCreation);
  }

  /**
   * The matches waiting for the user (invitations to answer, turns to take),
   * soonest deadline first (matches without one last), then the turn that has
   * waited longest (one with no start time counts from the match's last change).
   * `userId` is a UUID (the bearer token's account).
   */
  async inbox(userId: string, page: PageRequest): Promise<Page<MatchRecord>> {
    const after = pageStart(LIST_CURSORS.inbox, page);
    const keys = after
      ? [after.deadline?.toISOString() ?? 'infinity', after.turnStartedAt.toISOString(), after.id]
      : [];
    const rows = await this.sql.query<MatchRow>(SQL.inbox[after ? 1 : 0], [userId, page.limit + 1, ...keys]);
    return pageOf(LIST_CURSORS.inbox, rows, page.limit, toMatchRecord, (m) => ({
      deadline: m.projection.clock.deadline,
      turnStartedAt: m.projection.clock.turnStartedAt ?? m.updatedAt,
      id: m.id,
    }));
  }
}

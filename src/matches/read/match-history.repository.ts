/**
 * Match history in the database (docs/architecture.md, "Match history"): the
 * matches that pass a set of filters, newest first, a page at a time.
 *
 * One statement per shape of query, whatever filters are given: a filter left
 * out is a null parameter, so each shape is prepared once. A player's history
 * is the union of the seats the player can hold, each read newest first from
 * its own index and cut at the page size before the merge:
 * - `matches (white_id, created_at)` and `(black_id, created_at)`: the player seated;
 * - `matches (invited_id, created_at)`: invitations to the player not (yet) taken up;
 * - with an opponent, `matches (white_id, black_id, created_at)` and
 *   `(black_id, white_id, created_at)`: the pair seated either way round, and
 *   invitations still pending between them (the other seat null).
 * Every match, with no player, is read from `matches (created_at)`. The
 * cursor and the `since`/`until` bounds are conditions on created_at that the
 * indexes seek to; the other filters are checked on the rows so read.
 * test/medium/match-history.medium-spec.ts checks the plans on 100,000 matches.
 */
import { Injectable } from '@nestjs/common';
import type { Variant } from '../../engine/index.js';
import { SqlClient } from '../../database/sql-client.js';
import { pageOf, pageStart, type Page, type PageRequest } from '../../common/page-cursor.js';
import { LIST_CURSORS } from './list-cursor.js';
import type { MatchRecord, MatchStatusName } from '../model/match-record.js';
import { matchSelect, toMatchRecord, type MatchRow } from '../core/match-rows.js';

/** What a history query keeps; null: any. */
export interface HistoryFilter {
  /** Matches where this user is seated or invited. */
  readonly playerId: string | null;
  /** With `playerId`: only those against this user (seated, or invited to the match). */
  readonly opponentId: string | null;
  readonly status: MatchStatusName | null;
  readonly variant: Variant | null;
  /** With `playerId`: only the finished matches the player won, or lost. */
  readonly result: 'won' | 'lost' | null;
  /** Points to win; 0 for money sessions. */
  readonly length: number | null;
  /** Created at or after. */
  readonly since: Date | null;
  /** Created before. */
  readonly until: Date | null;
}

/*
 * Parameters, numbered alike in every shape, each shape taking the first 8, 10
 * or 11: $1 page size + 1; $2, $3 the cursor's created_at and id (null on the
 * first page); $4 status; $5 variant; $6 length; $7 since; $8 until; then
 * $9 result, $10 player; then $11 opponent.
 */
const ON_OR_AFTER_CURSOR_AND_BOUNDS = `
       created_at <= COALESCE($2::timestamptz, 'infinity'::timestamptz)
   AND (created_at < COALESCE($2::timestamptz, 'infinity'::timestamptz) OR id < $3::uuid)
   AND created_at >= COALESCE($7::timestamptz, '-infinity'::timestamptz)
   AND created_at < COALESCE($8::timestamptz, 'infinity'::timestamptz)
   AND ($4::varchar IS NULL OR status = $4::varchar)
   AND ($5::varchar IS NULL OR variant = $5::varchar)
   AND ($6::int IS NULL OR length = $6::int)`;

/** The winner a result filter asks for, the player sitting at `seat`. */
const resultAt = (seat: 'white' | 'black'): string => {
  const other = seat === 'white' ? 'black' : 'white';
  return `($9::varchar IS NULL OR winner = CASE $9::varchar WHEN 'won' THEN '${seat}' ELSE '${other}' END)`;
};

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC LIMIT $1::int';

/** One arm of the union: the newest page of the rows `where` picks. */
const arm = (where: string): string =>
  `(SELECT id, created_at FROM matches WHERE ${where} AND ${ON_OR_AFTER_CURSOR_AND_BOUNDS} ${NEWEST_FIRST})`;

/** The arms merged, newest first, then read whole with the players' names. */
function merged(arms: readonly string[]): string {
  return `${matchSelect('matches')}
  WHERE m.id IN (SELECT id FROM (${arms.join(' UNION ')}) AS found ORDER BY created_at DESC, id DESC LIMIT $1::int)
  ORDER BY m.created_at DESC, m.id DESC`;
}

/** Each shape's text and how many of the parameters it takes. */
const SQL = {
  /** Every match: no player. */
  all: [
    8,
    `${matchSelect(`(SELECT * FROM matches WHERE ${ON_OR_AFTER_CURSOR_AND_BOUNDS} ${NEWEST_FIRST})`)}
  ORDER BY m.created_at DESC, m.id DESC`,
  ],
  /** A player's matches: seated either side, or invited (a result needs a seat). */
  player: [
    10,
    merged([
      arm(`white_id = $10::uuid AND ${resultAt('white')}`),
      arm(`black_id = $10::uuid AND ${resultAt('black')}`),
      arm(`invited_id = $10::uuid AND $9::varchar IS NULL`),
    ]),
  ],
  /** A player's matches against one opponent: the pair seated either way round, or an invitation pending between them. */
  pair: [
    11,
    merged([
      arm(`white_id = $10::uuid AND black_id = $11::uuid AND ${resultAt('white')}`),
      arm(`black_id = $10::uuid AND white_id = $11::uuid AND ${resultAt('black')}`),
      arm(`white_id = $10::uuid AND black_id IS NULL AND invited_id = $11::uuid AND $9::varchar IS NULL`),
      arm(`black_id = $10::uuid AND white_id IS NULL AND invited_id = $11::uuid AND $9::varchar IS NULL`),
      arm(`white_id = $11::uuid AND black_id IS NULL AND invited_id = $10::uuid AND $9::varchar IS NULL`),
      arm(`black_id = $11::uuid AND white_id IS NULL AND invited_id = $10::uuid AND $9::varchar IS NULL`),
    ]),
  ],
} as const satisfies Record<string, readonly [number, string]>;

/** Two players' finished matches against each other, from the first's side. */
export interface HeadToHead {
  readonly played: number;
  readonly won: number;
  readonly lost: number;
  readonly pointsWon: number;
  readonly pointsLost: number;
  readonly lastFinishedAt: Date | null;
}

/** The pair's finished matches ($1 the player, $2 the opponent), through the two pair indexes. */
const HEAD_TO_HEAD = `
SELECT count(*)::int AS played,
       count(*) FILTER (WHERE winner = CASE WHEN white_id = $1::uuid THEN 'white' ELSE 'black' END)::int AS won,
       count(*) FILTER (WHERE winner = CASE WHEN white_id = $1::uuid THEN 'black' ELSE 'white' END)::int AS lost,
       COALESCE(sum(CASE WHEN white_id = $1::uuid THEN score_white ELSE score_black END), 0)::float8 AS "pointsWon",
       COALESCE(sum(CASE WHEN white_id = $1::uuid THEN score_black ELSE score_white END), 0)::float8 AS "pointsLost",
       max(finished_at) AS "lastFinishedAt"
  FROM matches
 WHERE status = 'finished'
   AND ((white_id = $1::uuid AND black_id = $2::uuid) OR (white_id = $2::uuid AND black_id = $1::uuid))`;

@Injectable()
export class MatchHistoryRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The finished matches between two players, counted from `playerId`'s side. */
  async headToHead(playerId: string, opponentId: string): Promise<HeadToHead> {
    const [row] = await this.sql.query<HeadToHead>(HEAD_TO_HEAD, [playerId, opponentId]);
    return row;
  }

  /** The matches that pass `filter`, newest first. */
  async find(filter: HistoryFilter, page: PageRequest): Promise<Page<MatchRecord>> {
    if (filter.playerId === null && (filter.opponentId !== null || filter.result !== null)) {
      throw new RangeError('An opponent or a result is relative to a player.');
    }
    const after = pageStart(LIST_CURSORS.history, page);
    const [taken, text] = filter.playerId === null ? SQL.all : filter.opponentId === null ? SQL.player : SQL.pair;
    const params = [
      page.limit + 1,
      after?.createdAt.toISOString() ?? null,
      after?.id ?? null,
      filter.status,
      filter.variant,
      filter.length,
      filter.since?.toISOString() ?? null,
      filter.until?.toISOString() ?? null,
      filter.result,
      filter.playerId,
      filter.opponentId,
    ];
    const rows = await this.sql.query<MatchRow>(text, params.slice(0, taken));
    return pageOf(LIST_CURSORS.history, rows, page.limit, toMatchRecord, (m) => ({ createdAt: m.createdAt, id: m.id }));
  }
}

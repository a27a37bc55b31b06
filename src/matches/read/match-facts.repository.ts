/**
 * What the matches module tells its consumers of its matches (docs/architecture.md, "The outbox",
 * "Facts"): the facts a notification is decided from, where matches stand now, and which deadlines
 * are near. The only reads of matches and match_events for another module; each runs on the client
 * it is given, the consumer's transaction where it has one. The players (names, house bots,
 * languages) come joined by users' own fragments (users' face).
 */
import { isLanguage, type Language } from '../../common/languages.js';
import type { SqlClient } from '../../database/sql-client.js';
import { accountPartySql, joinAccountSql } from '../../users/index.js';

/** The client a read runs on: the consumer's transaction, or its pool. */
type Reader = Pick<SqlClient, 'query'>;

/**
 * A player as notifications need them: who, by what name, whether a house bot (never notified), and
 * the language kept on the account (null: none chosen, English).
 */
export interface Party {
  readonly id: string;
  readonly username: string;
  readonly houseBot: boolean;
  readonly language: Language | null;
}

/**
 * What the notifications of a match are decided from: its committed projection row (the
 * `matches` columns) and the last event written, read in one query by readMatchFacts.
 */
export interface MatchFacts {
  readonly matchId: string;
  /** invited | playing | finished | aborted | declined */
  readonly status: string;
  /** played | imported: imported matches are never notified. */
  readonly source: string;
  readonly variant: string;
  /** Points to win; 0 for a money session. */
  readonly length: number;
  readonly daysPerTurn: number | null;
  readonly version: number;
  readonly creator: Party;
  readonly invited: Party | null;
  readonly white: Party | null;
  readonly black: Party | null;
  /** The user who must act now, if any. */
  readonly turnUserId: string | null;
  /** roll | cube-response | play | resignation-response */
  readonly awaiting: string | null;
  readonly turnStartedAt: Date | null;
  readonly deadline: Date | null;
  readonly winner: 'white' | 'black' | null;
  readonly endReason: string | null;
  readonly scoreWhite: number;
  readonly scoreBlack: number;
  /** The last few events, newest first: their types and the users whose requests made them (null: the server's). */
  readonly recentEvents: readonly { readonly type: string; readonly actorId: string | null }[];
}

/** Events read back with the facts: enough to see past the server's follow-ups of the last request. */
const RECENT_EVENTS = 4;

const FACTS = `
SELECT m.id, m.status, m.source, m.variant, m.length, m.days_per_turn, m.version,
       ${accountPartySql('c', 'm.creator_id', 'creator')}, ${accountPartySql('i', 'm.invited_id', 'invited')},
       ${accountPartySql('w', 'm.white_id', 'white')}, ${accountPartySql('b', 'm.black_id', 'black')},
       m.turn_user_id, m.awaiting, m.turn_started_at, m.deadline, m.winner, m.end_reason,
       m.score_white::float8 AS score_white, m.score_black::float8 AS score_black,
       (SELECT json_agg(json_build_array(e.type, e.actor_id) ORDER BY e.seq DESC)
          FROM (SELECT type, actor_id, seq FROM match_events
                 WHERE match_id = m.id AND seq > m.version - ${RECENT_EVENTS} ORDER BY seq DESC) e) AS recent
  FROM matches m
  ${joinAccountSql('c', 'm.creator_id')}
  ${joinAccountSql('i', 'm.invited_id', 'LEFT JOIN')}
  ${joinAccountSql('w', 'm.white_id', 'LEFT JOIN')}
  ${joinAccountSql('b', 'm.black_id', 'LEFT JOIN')}
 WHERE m.id = ANY($1::uuid[])`;

/**
 * The playing matches whose deadline reminder is due at $1 and not sent (the reminders sent: $4 matches, $5 deadlines): the deadline within $2
 * hours, and at least half the decision's time gone (a one-day turn is reminded after 12 hours,
 * not at its start, where "your turn" has just said it), oldest deadline first, at most $3.
 */
const DUE_REMINDERS = `
SELECT m.id::text AS id FROM matches m
 WHERE m.deadline > $1::timestamptz AND m.deadline <= $1::timestamptz + make_interval(hours => $2::int)
   AND m.status = 'playing' AND m.turn_user_id IS NOT NULL
   AND $1::timestamptz >= m.turn_started_at + (m.deadline - m.turn_started_at) / 2
   AND NOT EXISTS (SELECT 1 FROM unnest($4::uuid[], $5::timestamptz[]) AS r(match_id, deadline)
                    WHERE r.match_id = m.id AND r.deadline = m.deadline)
 ORDER BY m.deadline
 LIMIT $3::int`;

/** What the still-due check of a batch of deliveries reads: the match rows' few columns, by their keys. */
const TURN_STATES = `SELECT id::text AS id, status, turn_user_id, version, deadline FROM matches WHERE id = ANY($1::uuid[])`;

/** Where a match stands now: its status, who must act, its version and deadline. */
export interface TurnState {
  readonly status: string;
  readonly turnUserId: string | null;
  readonly version: number;
  readonly deadline: Date | null;
}

interface FactsRow {
  id: string;
  status: string;
  source: string;
  variant: string;
  length: number;
  days_per_turn: number | null;
  version: number;
  turn_user_id: string | null;
  awaiting: string | null;
  turn_started_at: Date | null;
  deadline: Date | null;
  winner: 'white' | 'black' | null;
  end_reason: string | null;
  score_white: number;
  score_black: number;
  recent: Array<[string, string | null]> | null;
  [column: string]: unknown;
}

function partyOf(row: FactsRow, prefix: string): Party | null {
  const id = row[`${prefix}_id`] as string | null;
  const language = row[`${prefix}_language`];
  return id === null
    ? null
    : {
        id,
        username: row[`${prefix}_name`] as string,
        houseBot: row[`${prefix}_house`] === true,
        language: isLanguage(language) ? language : null,
      };
}

function toFacts(row: FactsRow): MatchFacts {
  return {
    matchId: row.id,
    status: row.status,
    source: row.source,
    variant: row.variant,
    length: row.length,
    daysPerTurn: row.days_per_turn,
    version: row.version,
    creator: partyOf(row, 'creator')!,
    invited: partyOf(row, 'invited'),
    white: partyOf(row, 'white'),
    black: partyOf(row, 'black'),
    turnUserId: row.turn_user_id,
    awaiting: row.awaiting,
    turnStartedAt: row.turn_started_at === null ? null : new Date(row.turn_started_at),
    deadline: row.deadline === null ? null : new Date(row.deadline),
    winner: row.winner,
    endReason: row.end_reason,
    scoreWhite: row.score_white,
    scoreBlack: row.score_black,
    recentEvents: (row.recent ?? []).map(([type, actorId]) => ({ type, actorId })),
  };
}

/** The facts of the matches `ids` (unknown ids are left out). */
export async function readMatchFacts(sql: Reader, ids: readonly string[]): Promise<MatchFacts[]> {
  if (ids.length === 0) return [];
  return (await sql.query<FactsRow>(FACTS, [ids])).map(toFacts);
}

/** Where the matches `ids` stand now, by id (unknown ids are left out). */
export async function readTurnStates(sql: Reader, ids: readonly string[]): Promise<Map<string, TurnState>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{
    id: string;
    status: string;
    turn_user_id: string | null;
    version: number;
    deadline: Date | null;
  }>(TURN_STATES, [[...new Set(ids)]]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status,
        turnUserId: row.turn_user_id,
        version: row.version,
        deadline: row.deadline === null ? null : new Date(row.deadline),
      },
    ]),
  );
}

/** A match's deadline a reminder was sent for. */
export interface RemindedDeadline {
  readonly matchId: string;
  readonly deadline: Date;
}

/**
 * The matches whose deadline reminder is due at `now` (`hoursBefore` the deadline at most), those of
 * `sent` left out, nearest deadline first, at most `limit`.
 */
export async function readDueDeadlines(
  sql: Reader,
  now: Date,
  hoursBefore: number,
  limit: number,
  sent: readonly RemindedDeadline[],
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(DUE_REMINDERS, [
    now.toISOString(),
    hoursBefore,
    limit,
    sent.map((r) => r.matchId),
    sent.map((r) => r.deadline.toISOString()),
  ]);
  return rows.map((row) => row.id);
}

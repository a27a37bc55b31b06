import { Injectable } from '@nestjs/common';
import { isLanguage } from '../../common/languages.js';
import { SqlClient } from '../../database/sql-client.js';
import type { MatchFacts, Party } from './match-facts.js';

/** One party's columns, by prefix: id, username, whether a house bot, the language kept on the account. */
const party = (alias: string, idColumn: string, prefix: string): string =>
  `${idColumn} AS ${prefix}_id, ${alias}.username AS ${prefix}_name, ${alias}.bot_level IS NOT NULL AS ${prefix}_house, ` +
  `${alias}.language AS ${prefix}_language`;

/** Events read back with the facts: enough to see past the server's follow-ups of the last request. */
const RECENT_EVENTS = 4;

const FACTS = `
SELECT m.id, m.status, m.source, m.variant, m.length, m.days_per_turn, m.version,
       ${party('c', 'm.creator_id', 'creator')}, ${party('i', 'm.invited_id', 'invited')},
       ${party('w', 'm.white_id', 'white')}, ${party('b', 'm.black_id', 'black')},
       m.turn_user_id, m.awaiting, m.turn_started_at, m.deadline, m.winner, m.end_reason,
       m.score_white::float8 AS score_white, m.score_black::float8 AS score_black,
       (SELECT json_agg(json_build_array(e.type, e.actor_id) ORDER BY e.seq DESC)
          FROM (SELECT type, actor_id, seq FROM match_events
                 WHERE match_id = m.id AND seq > m.version - ${RECENT_EVENTS} ORDER BY seq DESC) e) AS recent
  FROM matches m
  JOIN users c ON c.id = m.creator_id
  LEFT JOIN users i ON i.id = m.invited_id
  LEFT JOIN users w ON w.id = m.white_id
  LEFT JOIN users b ON b.id = m.black_id
 WHERE m.id = ANY($1::uuid[])`;

/**
 * The playing matches whose deadline reminder is due at $1 and not sent: the deadline within $2
 * hours, and at least half the decision's time gone (a one-day turn is reminded after 12 hours,
 * not at its start, where "your turn" has just said it), oldest deadline first, at most $3.
 */
const DUE_REMINDERS = `
SELECT m.id FROM matches m
 WHERE m.deadline > $1::timestamptz AND m.deadline <= $1::timestamptz + make_interval(hours => $2::int)
   AND m.status = 'playing' AND m.turn_user_id IS NOT NULL
   AND $1::timestamptz >= m.turn_started_at + (m.deadline - m.turn_started_at) / 2
   AND NOT EXISTS (SELECT 1 FROM deadline_reminders r WHERE r.match_id = m.id AND r.deadline = m.deadline)
 ORDER BY m.deadline
 LIMIT $3::int`;

/** Marks the reminder of match $1 for deadline $2 sent; a row back when this call marked it. */
const MARK_REMINDED = `
INSERT INTO deadline_reminders (match_id, deadline, sent_at) VALUES ($1::uuid, $2::timestamptz, $3::timestamptz)
ON CONFLICT DO NOTHING
RETURNING match_id`;

/**
 * Raises each match's decided version to the one given ($1 ids, $2 versions; in key order, so that
 * two relays lock rows in one order); the matches whose version this raised come back.
 */
const MARK_DECIDED = `
INSERT INTO notification_decisions (match_id, version)
SELECT id, version FROM unnest($1::uuid[], $2::int[]) AS d(id, version) ORDER BY id
ON CONFLICT (match_id) DO UPDATE SET version = EXCLUDED.version
 WHERE notification_decisions.version < EXCLUDED.version
RETURNING match_id::text AS match_id`;

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

/**
 * What notifications read of matches (docs/notifications.md): the facts a notification is decided from, and the deadline reminders sent. Each method runs on
 * the client it is given, the caller's transaction where the caller has one.
 */
@Injectable()
export class MatchFactsRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  /**
   * Of `facts`, those whose version no relay has decided from yet, marked decided in `tx`: a
   * transaction at the same version (another outbox row of the match) waits for the first's
   * commit, then finds it decided.
   */
  async undecided(tx: SqlClient, facts: readonly MatchFacts[]): Promise<MatchFacts[]> {
    if (facts.length === 0) return [];
    const raised = await tx.query<{ match_id: string }>(MARK_DECIDED, [
      facts.map((f) => f.matchId),
      facts.map((f) => f.version),
    ]);
    const fresh = new Set(raised.map((row) => row.match_id));
    return facts.filter((f) => fresh.has(f.matchId));
  }

  /** The facts of the matches `ids` (unknown ids are left out). */
  async factsOf(ids: readonly string[], sql: SqlClient = this.sql): Promise<MatchFacts[]> {
    if (ids.length === 0) return [];
    return (await sql.query<FactsRow>(FACTS, [ids])).map(toFacts);
  }

  /** Where the matches `ids` stand now, by id (unknown ids are left out). */
  async turnStates(ids: readonly string[]): Promise<Map<string, TurnState>> {
    if (ids.length === 0) return new Map();
    const rows = await this.sql.query<{
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

  /** The matches whose deadline reminder is due at `now` (`hoursBefore` the deadline at most), at most `limit`. */
  async dueReminders(now: Date, hoursBefore: number, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(DUE_REMINDERS, [now.toISOString(), hoursBefore, limit]);
    return rows.map((row) => row.id);
  }

  /** Marks the reminder for `deadline` sent; false when another transaction marked it first. */
  async markReminded(tx: SqlClient, matchId: string, deadline: Date, now: Date): Promise<boolean> {
    const rows = await tx.query(MARK_REMINDED, [matchId, deadline.toISOString(), now.toISOString()]);
    return rows.length === 1;
  }
}

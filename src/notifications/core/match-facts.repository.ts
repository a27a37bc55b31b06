import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import { readMessageFacts, type MessageFacts } from '../../community/index.js';
import { readDueDeadlines, readMatchFacts, readTurnStates, type TurnState } from '../../matches/index.js';
import type { MatchFacts } from './match-facts.js';

/** The reminders sent for deadlines after $1 (the ones a sweep could still find due). */
const REMINDED = `
SELECT match_id::text AS match_id, deadline FROM deadline_reminders WHERE deadline > $1::timestamptz`;

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

/**
 * What notifications keep and read of matches (docs/notifications.md): the versions decided and the
 * deadline reminders sent (their tables), and the matches' facts, read through the matches module's
 * face. Each method runs on the client it is given, the caller's transaction where it has one.
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
  factsOf(ids: readonly string[], sql: SqlClient = this.sql): Promise<MatchFacts[]> {
    return readMatchFacts(sql, ids);
  }

  /** The match messages `ids`, read through the community module's face (unknown ids are left out). */
  messagesOf(ids: readonly string[], sql: SqlClient = this.sql): Promise<MessageFacts[]> {
    return readMessageFacts(sql, ids);
  }

  /** Where the matches `ids` stand now, by id (unknown ids are left out). */
  turnStates(ids: readonly string[]): Promise<Map<string, TurnState>> {
    return readTurnStates(this.sql, ids);
  }

  /** The matches whose deadline reminder is due at `now` (`hoursBefore` the deadline at most) and not sent, at most `limit`. */
  async dueReminders(now: Date, hoursBefore: number, limit: number): Promise<string[]> {
    const sent = await this.sql.query<{ match_id: string; deadline: Date }>(REMINDED, [now.toISOString()]);
    const reminded = sent.map((row) => ({ matchId: row.match_id, deadline: new Date(row.deadline) }));
    return readDueDeadlines(this.sql, now, hoursBefore, limit, reminded);
  }

  /** Marks the reminder for `deadline` sent; false when another transaction marked it first. */
  async markReminded(tx: SqlClient, matchId: string, deadline: Date, now: Date): Promise<boolean> {
    const rows = await tx.query(MARK_REMINDED, [matchId, deadline.toISOString(), now.toISOString()]);
    return rows.length === 1;
  }
}

import { Injectable } from '@nestjs/common';
import { isLanguage } from '../../common/languages.js';
import { SqlClient } from '../../database/sql-client.js';
import type { TournamentState } from '../../engine/index.js';
import { readTournamentsSince, type LoggedTournamentEvent } from '../../tournaments/index.js';
import type { Party } from './match-facts.js';
import type { OpenTransaction } from './notification-queue.js';
import type { RatingWindow } from './tournament-announcement.js';
import { ACCOUNT_PEOPLE_SQL, RATING_WINDOW_PLAYERS_SQL } from '../../users/index.js';

/** The channel the tournament events' trigger NOTIFYs at each commit (the migration 20261207180000_generic_outbox). */
export const TOURNAMENT_NOTIFICATIONS_CHANNEL = 'nardy_tournament_notifications';

/**
 * Each tournament's last decided version, its row locked until the transaction ends (made at 0 when
 * there is none yet; in key order, so that two relays lock in one order). A transaction that finds
 * the row locked waits for the other's commit and then reads the version that one raised it to.
 */
const LOCK_DECIDED = `
INSERT INTO tournament_notification_decisions (tournament_id, version)
SELECT id, 0 FROM unnest($1::uuid[]) AS d(id) ORDER BY id
ON CONFLICT (tournament_id) DO UPDATE SET version = tournament_notification_decisions.version
RETURNING tournament_id::text AS tournament_id, version`;

/** Raises the decided versions of the rows this transaction holds. */
const MARK_DECIDED = `
UPDATE tournament_notification_decisions d SET version = v.version
  FROM unnest($1::uuid[], $2::int[]) AS v(id, version)
 WHERE d.tournament_id = v.id AND d.version < v.version`;

/**
 * Each player's receipts of announcements ($1), their rows locked until the transaction ends (made
 * empty when there is none; in key order, so that two relays lock in one order), the instants before
 * $2 dropped: a relay that finds a row locked waits for the other's commit and then counts what that
 * one added.
 */
const LOCK_RECEIPTS = `
INSERT INTO tournament_announcement_receipts (user_id, received_at)
SELECT id, '{}' FROM unnest($1::uuid[]) AS r(id) ORDER BY id
ON CONFLICT (user_id) DO UPDATE SET received_at = ARRAY(
  SELECT at FROM unnest(tournament_announcement_receipts.received_at) AS at WHERE at > $2::timestamptz ORDER BY at)
RETURNING user_id::text AS user_id, received_at`;

/** Adds instants ($2) to the receipts of players ($1, one instant each; rows held by this transaction). */
const ADD_RECEIPTS = `
UPDATE tournament_announcement_receipts r SET received_at = r.received_at || told.ats
  FROM (SELECT id, array_agg(at ORDER BY at) AS ats FROM unnest($1::uuid[], $2::timestamptz[]) AS t(id, at)
         GROUP BY id) told
 WHERE r.user_id = told.id`;

/** An account as the tournament notifications need it: a Party, with its rating (the organiser's places the announcement). */
export interface TournamentPerson extends Party {
  readonly rating: number;
}

/**
 * What notifications read of tournaments (docs/notifications.md, "Tournaments"): the last version decided of each tournament, the logs, the
 * accounts named, and who hears of entries opening. The tournaments' tables are read here in SQL,
 * so that the tournaments module knows nothing of notifications. Each method runs on the
 * transaction it is given.
 */
@Injectable()
export class TournamentFactsRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: OpenTransaction) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  /** The last version decided of each of `ids` (0: none yet), their rows held by `tx` until it ends. */
  async lockDecided(tx: OpenTransaction, ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.query<{ tournament_id: string; version: number }>(LOCK_DECIDED, [ids]);
    return new Map(rows.map((row) => [row.tournament_id, row.version]));
  }

  /** Raises the decided version of each tournament (rows held by `tx`, from lockDecided). */
  async markDecided(tx: OpenTransaction, versions: ReadonlyMap<string, number>): Promise<void> {
    if (versions.size === 0) return;
    await tx.query(MARK_DECIDED, [[...versions.keys()], [...versions.values()]]);
  }

  /**
   * Each tournament's state as stored now, and its events after `decided` up to that state's version,
   * in order: read in `tx` through the tournaments module's face.
   */
  since(
    tx: OpenTransaction,
    decided: ReadonlyMap<string, number>,
  ): Promise<Map<string, { state: TournamentState; events: LoggedTournamentEvent[] }>> {
    return readTournamentsSince(tx, decided);
  }

  /** The accounts `ids` (unknown ids are left out), by id. */
  async people(tx: OpenTransaction, ids: Iterable<string>): Promise<Map<string, TournamentPerson>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await tx.query<{
      id: string;
      username: string;
      house: boolean;
      language: string | null;
      rating: number;
    }>(ACCOUNT_PEOPLE_SQL, [wanted]);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          username: row.username,
          houseBot: row.house,
          language: isLanguage(row.language) ? row.language : null,
          rating: row.rating,
        },
      ]),
    );
  }

  /**
   * When each of `ids` was told of announcements since `since`, their rows held by `tx` until it ends
   * (docs/notifications.md, "Tournaments": the daily cap holds across relays and nodes).
   */
  async lockReceipts(tx: OpenTransaction, ids: readonly string[], since: Date): Promise<Map<string, Date[]>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await tx.query<{ user_id: string; received_at: (Date | string)[] }>(LOCK_RECEIPTS, [
      wanted,
      since.toISOString(),
    ]);
    return new Map(rows.map((row) => [row.user_id, row.received_at.map((at) => new Date(at))]));
  }

  /** Adds to the receipts (rows held by `tx`, from lockReceipts) the instants each player was told of more. */
  async addReceipts(tx: OpenTransaction, told: ReadonlyMap<string, readonly Date[]>): Promise<void> {
    const pairs = [...told].flatMap(([id, ats]) => ats.map((at) => [id, at.toISOString()] as const));
    if (pairs.length === 0) return;
    await tx.query(ADD_RECEIPTS, [pairs.map(([id]) => id), pairs.map(([, at]) => at)]);
  }

  /** The players in `window`, nearest its centre first, at most `limit`, the organiser left out. */
  async audience(tx: OpenTransaction, window: RatingWindow, organiserId: string, limit: number): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(RATING_WINDOW_PLAYERS_SQL, [
      window.centre,
      window.low,
      window.high,
      organiserId,
      limit,
    ]);
    return rows.map((row) => row.id);
  }
}

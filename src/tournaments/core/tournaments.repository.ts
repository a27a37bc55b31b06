/**
 * The tournaments' rows (docs/tournaments.md): the only code that reads or
 * writes tournaments, tournament_events, tournament_players and
 * tournament_matches (a step due is published to the outbox). Plain SQL on the
 * service's pool, as the match store's: an append is the versioned-log writer's
 * (tournament-log.ts), refused when another got in first.
 */
import { Injectable } from '@nestjs/common';
import { Outbox } from '../../database/outbox/outbox.js';
import { SqlClient } from '../../database/sql-client.js';
import { commit } from '../../database/versioned-log/log-writer.js';
import type { TournamentEvent, TournamentState, TournamentStatus } from '../../engine/index.js';
import type {
  StoredTournamentEvent,
  TournamentCursor,
  TournamentPage,
  TournamentRecord,
} from '../model/tournament-record.js';
import { tournamentCommit, type TournamentAppend } from './tournament-log.js';
import { STEP_DUE } from './tournament-step.effect.js';

interface TournamentRow {
  id: string;
  version: number;
  state: TournamentState;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, version, state, created_at, updated_at';

function toRecord(row: TournamentRow): TournamentRecord {
  return { id: row.id, version: row.version, state: row.state, createdAt: row.created_at, updatedAt: row.updated_at };
}

export type { EntryChanges } from './tournament-log.js';

/**
 * The caps a new tournament is held to (docs/tournaments.md, "Limits"): its organiser's open ones,
 * and the ones created since `since` (24 hours before the creation).
 */
export interface CreationLimits {
  readonly openPerOrganiser: number;
  readonly createdPerDay: number;
  readonly since: Date;
}

/** A creation refused at a cap: too many open; or too many in a day, one place freed 24 hours after `freeFrom`. */
export type CreationRefusal = { readonly cap: 'open' } | { readonly cap: 'per-day'; readonly freeFrom: Date };

@Injectable()
export class TournamentsRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Stores a new tournament, its projection at version 1 and its `created` event, unless its organiser
   * is at a cap of `limits` (the refusal, with nothing stored). The organiser's tournaments are
   * counted in the transaction that inserts, under a transaction lock on the organiser, so that
   * creations at once (on any node) are counted one after the other and none passes a cap.
   */
  async create(
    id: string,
    state: TournamentState,
    event: TournamentEvent,
    at: Date,
    limits: CreationLimits,
  ): Promise<CreationRefusal | null> {
    const organiserId = state.organiser.id;
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `tournaments-of:${organiserId}`,
      ]);
      const [counted] = await tx.query<{ open: number; recent: Date[] }>(
        `SELECT (SELECT count(*)::int FROM tournaments WHERE organiser_id = $1 AND status = 'open') AS open,
                ARRAY(SELECT created_at FROM tournaments WHERE organiser_id = $1 AND created_at > $2
                       ORDER BY created_at DESC LIMIT $3) AS recent`,
        [organiserId, limits.since, limits.createdPerDay],
      );
      if (counted.open >= limits.openPerOrganiser) return { cap: 'open' };
      if (counted.recent.length >= limits.createdPerDay) {
        // The creation that leaves the window first and frees a place: the cap-th newest.
        return { cap: 'per-day', freeFrom: new Date(counted.recent[limits.createdPerDay - 1]) };
      }
      await tx.query(
        `INSERT INTO tournaments (id, name, variant, format, status, organiser_id, version, state, starts_at,
                                  entries_close_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10, $10)`,
        [
          id,
          state.terms.name,
          state.terms.variant,
          state.terms.format,
          state.status,
          organiserId,
          JSON.stringify(state),
          state.terms.startsAt,
          state.terms.entriesCloseAt,
          at,
        ],
      );
      await tx.query(
        `INSERT INTO tournament_events (tournament_id, version, type, data, actor_id, created_at)
         VALUES ($1, 1, $2, $3, $4, $5)`,
        [id, event.type, JSON.stringify(event), organiserId, at],
      );
      return null;
    });
  }

  async find(id: string): Promise<TournamentRecord | null> {
    const [row] = await this.sql.query<TournamentRow>(`SELECT ${COLUMNS} FROM tournaments WHERE id = $1`, [id]);
    return row === undefined ? null : toRecord(row);
  }

  /**
   * Appends the events after `expectedVersion`, leading to `state`, through the versioned-log
   * writer, in one statement with its entries and its step mark (tournament-log.ts); false when
   * the tournament had moved on (nothing written).
   */
  async append(append: TournamentAppend): Promise<boolean> {
    if (append.events.length === 0) return true;
    return (await commit(this.sql, tournamentCommit(append))).kind === 'written';
  }

  /** The tournament's last version, or null when there is no such tournament (without reading its state). */
  async version(id: string): Promise<number | null> {
    const [row] = await this.sql.query<{ version: number }>(`SELECT version FROM tournaments WHERE id = $1`, [id]);
    return row === undefined ? null : row.version;
  }

  /** The stored events after `after`, in order, at most `limit`. */
  async events(id: string, after: number, limit: number): Promise<StoredTournamentEvent[]> {
    const rows = await this.sql.query<{
      version: number;
      data: TournamentEvent;
      actor_id: string | null;
      created_at: Date;
    }>(
      `SELECT version, data, actor_id, created_at FROM tournament_events
        WHERE tournament_id = $1 AND version > $2 ORDER BY version LIMIT $3`,
      [id, after, limit],
    );
    return rows.map((r) => ({ version: r.version, event: r.data, actorId: r.actor_id, at: r.created_at }));
  }

  /** Every stored event, in order (a replay). */
  async log(id: string): Promise<TournamentEvent[]> {
    const rows = await this.sql.query<{ data: TournamentEvent }>(
      `SELECT data FROM tournament_events WHERE tournament_id = $1 ORDER BY version`,
      [id],
    );
    return rows.map((r) => r.data);
  }

  /**
   * Tournaments of `status` (any when null), newest first, after `cursor`; with `player`, only those
   * they entered; with `match`, only the one it plays for.
   */
  async list(
    status: TournamentStatus | null,
    cursor: TournamentCursor | null,
    limit: number,
    player: string | null = null,
    match: string | null = null,
  ): Promise<TournamentPage> {
    const rows = await this.sql.query<TournamentRow>(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `t.${c}`)
        .join(', ')} FROM tournaments t
        WHERE ($1::text IS NULL OR t.status = $1)
          AND ($2::timestamptz IS NULL OR (t.created_at, t.id) < ($2, $3::uuid))
          AND ($5::uuid IS NULL OR EXISTS (
                SELECT 1 FROM tournament_players p WHERE p.tournament_id = t.id AND p.user_id = $5))
          AND ($6::uuid IS NULL OR EXISTS (
                SELECT 1 FROM tournament_matches m WHERE m.tournament_id = t.id AND m.match_id = $6))
        ORDER BY t.created_at DESC, t.id DESC LIMIT $4`,
      [status, cursor?.createdAt ?? null, cursor?.id ?? null, limit + 1, player, match],
    );
    return { records: rows.slice(0, limit).map(toRecord), more: rows.length > limit };
  }

  /** Open tournaments whose start time has come. */
  async dueToStart(now: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id FROM tournaments WHERE status = 'open' AND starts_at <= $1 ORDER BY starts_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Links a match to its slot (again: nothing). */
  async linkMatch(id: string, round: number, slot: number, matchId: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO tournament_matches (match_id, tournament_id, round, slot) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [matchId, id, round, slot],
    );
  }

  /** The tournament (and its round) a match plays for, if any. */
  async ofMatch(matchId: string): Promise<{ tournamentId: string; round: number; slot: number } | null> {
    const [row] = await this.sql.query<{ tournament_id: string; round: number; slot: number }>(
      `SELECT tournament_id, round, slot FROM tournament_matches WHERE match_id = $1`,
      [matchId],
    );
    return row === undefined ? null : { tournamentId: row.tournament_id, round: row.round, slot: row.slot };
  }

  /** Marks a tournament for a step (the scheduled start, or a step to try again). */
  async markStep(id: string): Promise<void> {
    await this.outbox.publish(this.sql, STEP_DUE, [id]);
  }
}

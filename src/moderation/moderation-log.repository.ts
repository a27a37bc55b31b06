import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  cursorCodec,
  instantKey,
  pageOf,
  pageStart,
  uuidKey,
  type Page,
  type PageRequest,
} from '../common/page-cursor.js';
import { SqlClient } from '../database/sql-client.js';
import { publishSql } from '../database/outbox/publish-sql.js';
import { accountStanding, joinAccountSql, type AccountWarning, type Role } from '../users/index.js';
import type { LoggedAction, ModerationEntry } from './moderation-action.js';

/** The client a statement runs on: the action's transaction, or the pool. */
export type Runner = Pick<SqlClient, 'query'>;

/** What the notifications' mailer is told of each action (docs/moderation.md, "Mails"); its key is the entry's id. */
export const MODERATION_ACTION_MESSAGE = 'moderation.action';

/** An entry to append. */
export interface NewEntry {
  /** Its id, when the action's other rows name it (a refund's adjustments); a new one otherwise. */
  readonly id?: string;
  readonly action: LoggedAction;
  readonly targetId: string;
  readonly moderatorId: string | null;
  readonly reason: string;
  readonly days: number | null;
  readonly endsAt: Date | null;
  readonly reportId?: string | null;
  readonly details?: Record<string, unknown> | null;
  readonly createdAt: Date;
}

interface EntryRow {
  id: string;
  action: string;
  targetId: string;
  target: string;
  moderator: string | null;
  reason: string;
  days: number | null;
  endsAt: Date | string | null;
  reportId: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date | string;
}

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

const toEntry = (row: EntryRow): ModerationEntry => ({
  ...row,
  action: row.action as ModerationEntry['action'], // written from LOGGED_ACTIONS only
  endsAt: row.endsAt === null ? null : dateOf(row.endsAt),
  createdAt: dateOf(row.createdAt),
});

/** An entry's columns, with its target's and moderator's names (display columns only). */
const ENTRY_COLUMNS = `a.id::text AS id, a.action, a.target_id::text AS "targetId", t.username AS target,
       m.username AS moderator, a.reason, a.days, a.ends_at AS "endsAt", a.report_id::text AS "reportId",
       a.details, a.created_at AS "createdAt"`;
const ENTRY_FROM = `moderation_actions a ${joinAccountSql('t', 'a.target_id')} ${joinAccountSql('m', 'a.moderator_id', 'LEFT JOIN')}`;

/**
 * Appends `entry` in the caller's transaction, and tells the notifications' mailer of it in the same
 * statement (the outbox, docs/architecture.md "The outbox"). The entry as written.
 */
export async function appendEntry(tx: Runner, entry: NewEntry): Promise<ModerationEntry> {
  const id = entry.id ?? randomUUID();
  await tx.query(
    `WITH added AS (
       INSERT INTO moderation_actions (id, target_id, moderator_id, action, reason, days, ends_at, report_id, details, created_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6::int, $7::timestamptz, $8::uuid, $9::jsonb, $10::timestamptz)
       RETURNING id)
     SELECT ${publishSql(MODERATION_ACTION_MESSAGE, 'ARRAY[added.id]')} IS NULL AS published FROM added`,
    [
      id,
      entry.targetId,
      entry.moderatorId,
      entry.action,
      entry.reason,
      entry.days,
      entry.endsAt,
      entry.reportId ?? null,
      entry.details === undefined || entry.details === null ? null : JSON.stringify(entry.details),
      entry.createdAt,
    ],
  );
  const [row] = await tx.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE a.id = $1::uuid`, [id]);
  return toEntry(row);
}

/** The log's pages: newest first, by time then id. */
const NEWEST_FIRST = cursorCodec('moderation-log', { createdAt: instantKey, id: uuidKey });

/**
 * The moderators' log (`moderation_actions`; docs/moderation.md, "The log"): appended to, never
 * changed (the table's trigger refuses an UPDATE or a DELETE).
 */
@Injectable()
export class ModerationLogRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Runs `work` in one transaction: an action's changes and its entry commit together. */
  transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  /** The accounts of role moderator or admin, by name. */
  staff(): Promise<{ id: string; username: string; role: Role }[]> {
    return accountStanding.accountsOfRoles(this.sql, ['moderator', 'admin']);
  }

  /** appendEntry in the caller's transaction. */
  append(tx: Runner, entry: NewEntry): Promise<ModerationEntry> {
    return appendEntry(tx, entry);
  }

  /** The entry `id`; null when there is none. */
  async find(id: string, sql: Runner = this.sql): Promise<ModerationEntry | null> {
    const [row] = await sql.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE a.id = $1::uuid`, [id]);
    return row === undefined ? null : toEntry(row);
  }

  /** A page of the log, newest first; only the entries on `targetId` when given. */
  async page(page: PageRequest, targetId: string | null): Promise<Page<ModerationEntry>> {
    const after = pageStart(NEWEST_FIRST, page);
    const rows = await this.sql.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
        WHERE ($2::uuid IS NULL OR a.target_id = $2::uuid)
          AND (a.created_at, a.id) < (COALESCE($3::timestamptz, 'infinity'::timestamptz),
                                      COALESCE($4::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $1::int`,
      [page.limit + 1, targetId, after?.createdAt ?? null, after?.id ?? null],
    );
    return pageOf(NEWEST_FIRST, rows, page.limit, toEntry, (entry) => ({ createdAt: entry.createdAt, id: entry.id }));
  }

  /** The latest `limit` entries on each of `targetIds`, newest first. */
  async latestOn(targetIds: readonly string[], limit: number): Promise<ModerationEntry[]> {
    if (targetIds.length === 0) return [];
    const rows = await this.sql.query<EntryRow>(
      `SELECT e.* FROM unnest($1::uuid[]) AS wanted(id)
         CROSS JOIN LATERAL (
           SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
            WHERE a.target_id = wanted.id ORDER BY a.created_at DESC, a.id DESC LIMIT $2::int) e`,
      [[...targetIds], limit],
    );
    return rows.map(toEntry);
  }

  /** The warnings given to `targetId` after `after` (null: all), oldest first (docs/moderation.md, "Warnings"). */
  async warnings(targetId: string, after: Date | null): Promise<AccountWarning[]> {
    const rows = await this.sql.query<{ id: string; reason: string; createdAt: Date | string }>(
      `SELECT id::text AS id, reason, created_at AS "createdAt" FROM moderation_actions
        WHERE target_id = $1::uuid AND action = 'warn' AND ($2::timestamptz IS NULL OR created_at > $2::timestamptz)
        ORDER BY created_at, id`,
      [targetId, after],
    );
    return rows.map((row) => ({ ...row, createdAt: dateOf(row.createdAt) }));
  }

  /** Whether `targetId` was marked a cheater before (a refund is given once: docs/moderation.md, "Rating refunds"). */
  async markedCheater(tx: Runner, targetId: string): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM moderation_actions WHERE target_id = $1::uuid AND action = 'mark-cheater' LIMIT 1`,
      [targetId],
    );
    return rows.length > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';
import type { SqlParams } from '../database/versioned-log/sql-params.js';
import type { IdempotentAnswer } from './idempotency-context.js';

/**
 * How long a key is kept (docs/architecture.md, "API conventions"): a retry
 * within 24 hours of the first request gets its stored response; after that
 * the key is forgotten (purgeOlderThan deletes it, and until then `reserve`
 * treats it as absent) and starts afresh.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * How long a reservation may stay without a response before a retry of the
 * same request may take it over: longer than requests run, so that mostly a
 * process that died before its work committed leaves one this old (one that
 * died after it left the answer, written with the work). Taking over a
 * request that still runs does nothing twice: its work is written only while
 * it holds the key (heldKeySql), so it then writes nothing and the retry acts.
 */
export const ABANDONED_RESERVATION_MS = 30 * 1000;

/** What `reserve` found for a key. */
export type IdempotencyReservation =
  /** The key is this request's now: run it, then `complete` (or `release` when it failed). */
  | { readonly kind: 'reserved' }
  /** The same request finished before: answer with its stored response. */
  | { readonly kind: 'replay'; readonly statusCode: number; readonly response: unknown }
  /** The same key's first request is still running. */
  | { readonly kind: 'in-progress' }
  /** The key was used for a different request (method, path or body). */
  | { readonly kind: 'mismatch' };

interface KeyRow {
  readonly reserved: boolean;
  readonly request_hash: string;
  readonly status_code: number | null;
  readonly response: unknown;
}

/**
 * Claims the key, or reads the request that holds it, in one statement. A
 * key past its retention, or a reservation of the same request abandoned
 * without a response, is claimed as if absent. The read sees the rows as the
 * statement began, so it misses a claim that a concurrent request committed
 * in between (the INSERT then finds the conflict, but the read finds no row):
 * nothing comes back, and `reserve` asks again.
 * $1 user, $2 key, $3 request hash, $4 now, $5 retention cut-off, $6 abandonment cut-off.
 */
const RESERVE = `
WITH claimed AS (
  INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status_code, response, created_at)
  VALUES ($1::uuid, $2::varchar, $3::char(64), NULL, NULL, $4::timestamptz)
  ON CONFLICT (user_id, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL, created_at = EXCLUDED.created_at
   WHERE k.created_at < $5::timestamptz
      OR (k.status_code IS NULL AND k.request_hash = EXCLUDED.request_hash AND k.created_at < $6::timestamptz)
  RETURNING true AS reserved, request_hash, status_code, response
)
SELECT reserved, request_hash, status_code, response FROM claimed
UNION ALL
SELECT false, request_hash, status_code, response
  FROM idempotency_keys
 WHERE user_id = $1::uuid AND key = $2::varchar AND NOT EXISTS (SELECT 1 FROM claimed)`;

/** The placeholders of an answer's parameters, as `heldKeySql` and `storeAnswerSql` read them. */
export interface AnswerPlaceholders {
  readonly user: string;
  readonly key: string;
  readonly reservedAt: string;
  readonly status: string;
  readonly response: string;
}

/** The parameters `heldKeySql` and `storeAnswerSql` read, in the order `numberedAnswer` numbers them. */
export function answerParams(answer: IdempotentAnswer): unknown[] {
  return [
    answer.userId,
    answer.key,
    answer.reservedAt.toISOString(),
    answer.statusCode,
    JSON.stringify(answer.response ?? null),
  ];
}

/** The placeholders of answerParams' values when they are parameters `first` onwards. */
export function numberedAnswer(first: number): AnswerPlaceholders {
  const [user, key, reservedAt, status, response] = ['uuid', 'varchar', 'timestamptz', 'int', 'jsonb'].map(
    (type, i) => `$${first + i}::${type}`,
  );
  return { user, key, reservedAt, status, response };
}

/** The answer's values added to a composed statement's parameters (src/database/versioned-log/sql-params.ts). */
export function addedAnswer(params: SqlParams, answer: IdempotentAnswer): AnswerPlaceholders {
  const [user, key, reservedAt, status, response] = answerParams(answer);
  return {
    user: params.add(user, 'uuid'),
    key: params.add(key, 'varchar'),
    reservedAt: params.add(reservedAt, 'timestamptz'),
    status: params.add(status, 'int'),
    response: params.add(response, 'jsonb'),
  };
}

/**
 * For a statement that writes an effect together with its key's answer
 * (docs/architecture.md, "API conventions"): the CTE `held`, one row when the
 * request still holds its reservation (same time of reservation, no answer
 * yet), locked until the statement commits. The effect's own CTEs write only
 * when `held` has its row, so a reservation taken over by a retry, after this
 * request was deemed abandoned, lets nothing be written twice.
 */
export function heldKeySql(p: AnswerPlaceholders): string {
  return `held AS (
  SELECT 1 FROM idempotency_keys
   WHERE user_id = ${p.user} AND key = ${p.key}
     AND created_at = ${p.reservedAt} AND status_code IS NULL
     FOR UPDATE
)`;
}

/**
 * The CTE `answered` storing the key's answer when the CTE named `effect`
 * wrote a row: in the same statement, so both commit or neither.
 * With `overwrite`, a jsonb expression whose members replace the response's
 * (what the statement itself decided, which the answer computed before it could not know).
 */
export function storeAnswerSql(p: AnswerPlaceholders, effect: string, overwrite: string | null = null): string {
  const response = overwrite === null ? p.response : `${p.response} || ${overwrite}`;
  return `answered AS (
  UPDATE idempotency_keys SET status_code = ${p.status}, response = ${response}
   WHERE user_id = ${p.user} AND key = ${p.key}
     AND created_at = ${p.reservedAt} AND status_code IS NULL
     AND EXISTS (SELECT 1 FROM ${effect})
  RETURNING 1
)`;
}

/** Attempts of RESERVE before giving up: each one that finds nothing saw a concurrent claim or release. */
const RESERVE_ATTEMPTS = 3;

/**
 * The Idempotency-Key store (`idempotency_keys`): per user and key, the hash
 * of the first request and, once it has finished, its response. The
 * interceptor reserves the key before running a POST, completes it with the
 * response, or releases it when the request failed on the server's side (so
 * the client's retry runs again).
 */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly sql: SqlClient) {}

  async reserve(userId: string, key: string, requestHash: string, at: Date): Promise<IdempotencyReservation> {
    const params = [
      userId,
      key,
      requestHash,
      at.toISOString(),
      new Date(at.getTime() - IDEMPOTENCY_KEY_RETENTION_MS).toISOString(),
      new Date(at.getTime() - ABANDONED_RESERVATION_MS).toISOString(),
    ];
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      const [row] = await this.sql.query<KeyRow>(RESERVE, params);
      if (row) return reservationOf(row, requestHash);
    }
    throw new Error(`Idempotency key of user ${userId} changed hands ${RESERVE_ATTEMPTS} times while being reserved.`);
  }

  /**
   * Stores the response of the request that holds the reservation, unless the
   * statement that wrote its effect stored it already (then this changes nothing).
   */
  async complete(answer: IdempotentAnswer): Promise<void> {
    await this.sql.query(
      `UPDATE idempotency_keys SET status_code = $4::int, response = $5::jsonb
        WHERE user_id = $1::uuid AND key = $2::varchar AND created_at = $3::timestamptz AND status_code IS NULL`,
      answerParams(answer),
    );
  }

  /**
   * Gives up a reservation whose request failed without a response to keep; a
   * finished key stays, and so does a reservation another request took over since.
   */
  async release(userId: string, key: string, reservedAt: Date): Promise<void> {
    await this.sql.query(
      `DELETE FROM idempotency_keys
        WHERE user_id = $1::uuid AND key = $2::varchar AND created_at = $3::timestamptz AND status_code IS NULL`,
      [userId, key, reservedAt.toISOString()],
    );
  }

  /** Forgets the keys made before `date`; answers how many. */
  async purgeOlderThan(date: Date): Promise<number> {
    const [row] = await this.sql.query<{ purged: number }>(
      `WITH purged AS (DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz RETURNING 1)
       SELECT count(*)::int AS purged FROM purged`,
      [date.toISOString()],
    );
    return row?.purged ?? 0;
  }
}

function reservationOf(row: KeyRow, requestHash: string): IdempotencyReservation {
  if (row.reserved) return { kind: 'reserved' };
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.status_code === null) return { kind: 'in-progress' };
  return { kind: 'replay', statusCode: row.status_code, response: row.response };
}

import { createHash } from 'node:crypto';
import pg from 'pg';
import { PoolSqlClient, SqlClient } from '../../src/database/sql-client.js';
import {
  ABANDONED_RESERVATION_MS,
  IDEMPOTENCY_KEY_RETENTION_MS,
  IdempotencyRepository,
} from '../../src/idempotency/idempotency.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { minute } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

const m = useMediumApp([UsersModule], { providers: [IdempotencyRepository] });
const keys = m.provider(IdempotencyRepository);
let ann: User;
let ben: User;
beforeAll(async () => {
  ann = (await m.driver.newUser()).user;
  ben = (await m.driver.newUser()).user;
});

const hashOf = (request: string) => createHash('sha256').update(request).digest('hex');
const first = hashOf('POST /api/matches {"variant":"backgammon"}');
const other = hashOf('POST /api/matches {"variant":"long-nardy"}');
/** A key of its own for each test: keys are per user, and the tests share two users. */
let n = 0;
const newKey = () => `key-${++n}`;
const at = (ms: number) => new Date(minute(0).getTime() + ms);
/** Ann's answer for a key she reserved at at(0) (or at `reservedAt`). */
const answer = (key: string, statusCode: number, response: unknown, reservedAt = at(0)) => ({
  userId: ann.id,
  key,
  reservedAt,
  statusCode,
  response,
});

describe('IdempotencyRepository.reserve', () => {
  it('reserves a new key, then finds it in progress for the same request and reused for another', async () => {
    const key = newKey();
    expect(await keys.reserve(ann.id, key, first, at(0))).toEqual({ kind: 'reserved' });
    expect(await keys.reserve(ann.id, key, first, at(1000))).toEqual({ kind: 'in-progress' });
    expect(await keys.reserve(ann.id, key, other, at(1000))).toEqual({ kind: 'mismatch' });
  });

  it('replays the stored status and body once completed, and still refuses another request', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    const body = { id: 'b6b1…', status: 'invited', players: { white: { username: 'ann' }, black: null } };
    await keys.complete(answer(key, 201, body));
    expect(await keys.reserve(ann.id, key, first, at(5000))).toEqual({
      kind: 'replay',
      statusCode: 201,
      response: body,
    });
    expect(await keys.reserve(ann.id, key, other, at(5000))).toEqual({ kind: 'mismatch' });
  });

  it('stores an empty response as null', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    await keys.complete(answer(key, 204, undefined));
    expect(await keys.reserve(ann.id, key, first, at(1))).toEqual({ kind: 'replay', statusCode: 204, response: null });
  });

  it('keeps keys per user: the same key of another user is another reservation', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    expect(await keys.reserve(ben.id, key, other, at(0))).toEqual({ kind: 'reserved' });
  });

  it('keeps a key for 24 hours, and afterwards reserves it afresh, for any request', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    await keys.complete(answer(key, 200, { ok: 1 }));
    expect(await keys.reserve(ann.id, key, other, at(IDEMPOTENCY_KEY_RETENTION_MS - 1))).toEqual({ kind: 'mismatch' });
    expect(await keys.reserve(ann.id, key, other, at(IDEMPOTENCY_KEY_RETENTION_MS + 1))).toEqual({ kind: 'reserved' });
    expect(await keys.reserve(ann.id, key, other, at(IDEMPOTENCY_KEY_RETENTION_MS + 2))).toEqual({
      kind: 'in-progress',
    });
  });

  it('lets a retry of the same request take over a reservation abandoned without a response, but no other request', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    expect(await keys.reserve(ann.id, key, first, at(ABANDONED_RESERVATION_MS - 1))).toEqual({ kind: 'in-progress' });
    expect(await keys.reserve(ann.id, key, other, at(ABANDONED_RESERVATION_MS + 1))).toEqual({ kind: 'mismatch' });
    expect(await keys.reserve(ann.id, key, first, at(ABANDONED_RESERVATION_MS + 1))).toEqual({ kind: 'reserved' });
    expect(await keys.reserve(ann.id, key, first, at(ABANDONED_RESERVATION_MS + 2))).toEqual({ kind: 'in-progress' });
  });

  itOnPostgres(
    'of many first requests racing with one key on separate connections, exactly one reserves it',
    async () => {
      const key = newKey();
      const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: m.db.url, max: 1 }));
      try {
        const racers = pools.map((pool) => new IdempotencyRepository(new PoolSqlClient(pool)));
        const answers = await Promise.all(racers.map((racer) => racer.reserve(ann.id, key, first, at(0))));
        expect(answers.filter((a) => a.kind === 'reserved')).toHaveLength(1);
        expect(answers.filter((a) => a.kind === 'in-progress')).toHaveLength(racers.length - 1);
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    },
  );
});

describe('IdempotencyRepository.release', () => {
  it('gives up a reservation, so the retry runs again', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    await keys.release(ann.id, key, at(0));
    expect(await keys.reserve(ann.id, key, other, at(1))).toEqual({ kind: 'reserved' });
  });

  it('leaves a completed key, and its response, alone', async () => {
    const key = newKey();
    await keys.reserve(ann.id, key, first, at(0));
    await keys.complete(answer(key, 201, { done: true }));
    await keys.release(ann.id, key, at(0));
    expect(await keys.reserve(ann.id, key, first, at(1))).toEqual({
      kind: 'replay',
      statusCode: 201,
      response: { done: true },
    });
  });
});

describe('IdempotencyRepository.release and complete of a reservation taken over', () => {
  it('leave the reservation of the retry that took over an abandoned one alone', async () => {
    const key = newKey();
    const later = at(ABANDONED_RESERVATION_MS + 1);
    await keys.reserve(ann.id, key, first, at(0));
    expect(await keys.reserve(ann.id, key, first, later)).toEqual({ kind: 'reserved' });
    await keys.release(ann.id, key, at(0));
    await keys.complete(answer(key, 201, { abandoned: true }));
    expect(await keys.reserve(ann.id, key, first, at(ABANDONED_RESERVATION_MS + 2))).toEqual({ kind: 'in-progress' });
    await keys.complete(answer(key, 201, { retry: true }, later));
    expect(await keys.reserve(ann.id, key, first, at(ABANDONED_RESERVATION_MS + 3))).toEqual({
      kind: 'replay',
      statusCode: 201,
      response: { retry: true },
    });
  });
});

describe('IdempotencyRepository.complete', () => {
  it('stores nothing for a key that is not reserved, and does not overwrite a stored response', async () => {
    const key = newKey();
    await keys.complete(answer(key, 201, { lost: true }));
    expect(await keys.reserve(ann.id, key, first, at(0))).toEqual({ kind: 'reserved' });
    await keys.complete(answer(key, 201, { first: true }));
    await keys.complete(answer(key, 500, { second: true }));
    expect(await keys.reserve(ann.id, key, first, at(1))).toEqual({
      kind: 'replay',
      statusCode: 201,
      response: { first: true },
    });
  });
});

describe('IdempotencyRepository.purgeOlderThan', () => {
  it('deletes the keys made before the date, answers how many, and keeps the rest', async () => {
    const before = (await m.get(SqlClient).query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys'))[0]
      .n;
    const late = newKey();
    await keys.reserve(ben.id, late, first, minute(60 * 24 * 400));
    expect(await keys.purgeOlderThan(minute(60 * 24 * 400))).toBe(before);
    expect(await keys.purgeOlderThan(minute(60 * 24 * 400))).toBe(0);
    expect(await keys.reserve(ben.id, late, first, minute(60 * 24 * 400))).toEqual({ kind: 'in-progress' });
  });
});

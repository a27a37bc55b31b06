import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { readMigrations, runMigrations } from '../../src/database/migration-runner.js';
import { MIGRATIONS_DIR } from '../../src/database/migrations-dir.js';
import { connectPostgres } from '../../src/database/pg-connection.js';
import { pgliteConnection } from '../../src/database/pglite-connection.js';
import type { SqlConnection } from '../../src/database/sql-connection.js';
import { rateMatch, type Standing } from '../../src/users/fibs-rating.js';
import { powerOfTen } from '../../src/users/power-of-ten.js';
import { onPostgres } from '../support/database-mode.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * The FIBS formula in TypeScript (src/users/fibs-rating.ts) against the one it
 * replaced, the PL/pgSQL `record_rated_match` of the ratings migration, run
 * on a database migrated up to that migration (before the migration that drops
 * it), on the database the suite runs on: the same new ratings and experience,
 * bit for bit, for a grid of inputs. Except where the database's own `power`
 * (the C library's pow) misses the correctly rounded 10^x by its last bit, as
 * it does about once in a thousand: there the two may differ by the last bit
 * of a rating, and no more.
 */
const RATINGS_MIGRATION = '20261123030000_ratings';

let conn: SqlConnection;
let drop: () => Promise<void>;

beforeAll(async () => {
  const files = readMigrations(MIGRATIONS_DIR).filter((file) => file.name <= RATINGS_MIGRATION);
  expect(files[files.length - 1].name).toBe(RATINGS_MIGRATION);
  if (onPostgres) {
    const db = await createTestDatabase({ migrated: false });
    conn = await connectPostgres(db.url!);
    drop = () => db.drop();
  } else {
    const lite = await PGlite.create();
    conn = pgliteConnection(lite);
    drop = () => lite.close();
  }
  await runMigrations(conn, files);
}, 60_000);
afterAll(async () => {
  await conn.close();
  await drop();
});

interface Case {
  readonly winner: Standing;
  readonly loser: Standing;
  readonly length: number;
}

const RATINGS = [1500, 1517.3205080756888, 1482.6794919243112, 1000, 2000, 1234.5678901234, 1850.25, 2345.6789, 812.5];
/** Below, at and past 400; 56, 69 and 103 are among those where 5 - E/100 in doubles is not (500 - E)/100. */
const EXPERIENCE = [0, 3, 56, 69, 103, 250, 399, 400, 401, 1234];
const LENGTHS = [1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25, 31, 64];

/** A small seeded generator (mulberry32), so that the grid is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function grid(): Case[] {
  const cases: Case[] = [];
  for (const w of RATINGS) {
    for (const l of RATINGS) {
      for (const length of LENGTHS) {
        const i = cases.length;
        cases.push({
          winner: { rating: w, experience: EXPERIENCE[i % EXPERIENCE.length] },
          loser: { rating: l, experience: EXPERIENCE[(3 * i + 1) % EXPERIENCE.length] },
          length,
        });
      }
    }
  }
  const random = seeded(20261124);
  const standing = (): Standing => ({ rating: 800 + random() * 1700, experience: Math.floor(random() * 1500) });
  for (let i = 0; i < 3000; i += 1) {
    cases.push({ winner: standing(), loser: standing(), length: 1 + Math.floor(random() * 25) });
  }
  return cases;
}

it('moves the ratings and experience exactly as record_rated_match did, on a grid of inputs', async () => {
  const cases = grid();
  const winners = cases.map(() => randomUUID());
  const losers = cases.map(() => randomUUID());
  const ids = [...winners, ...losers];
  const before = [...cases.map((c) => c.winner), ...cases.map((c) => c.loser)];
  await conn.query(
    `INSERT INTO users (id, username, username_key, password_hash, updated_at, rating, experience)
     SELECT id, 'p' || n, 'p' || n, 'x', now(), rating, experience
       FROM unnest($1::uuid[], $2::float8[], $3::int[]) WITH ORDINALITY AS u(id, rating, experience, n)`,
    [ids, before.map((s) => s.rating), before.map((s) => s.experience)],
  );
  const read = async () =>
    new Map(
      (
        await conn.query<{ id: string; rating: number; experience: number }>(
          'SELECT id, rating, experience FROM users WHERE id = ANY($1::uuid[])',
          [ids],
        )
      ).map((row) => [row.id, { rating: row.rating, experience: row.experience }]),
    );
  // The stored ratings are the doubles sent, to the bit.
  const stored = await read();
  expect(ids.filter((id, i) => stored.get(id)?.rating !== before[i].rating)).toEqual([]);

  // What the database's power() gives for each case, beside the correctly rounded one.
  const powers = await conn.query<{ p: number }>(
    `SELECT power(10, (w - l) * sqrt(n) / 2000) AS p
       FROM unnest($1::float8[], $2::float8[], $3::int[]) WITH ORDINALITY AS g(w, l, n, i) ORDER BY i`,
    [cases.map((c) => c.winner.rating), cases.map((c) => c.loser.rating), cases.map((c) => c.length)],
  );
  await conn.query(
    `SELECT record_rated_match(w, l, n, 0, 0, 0, 0)::text
       FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS g(w, l, n)`,
    [winners, losers, cases.map((c) => c.length)],
  );
  const after = await read();

  const differing: unknown[] = [];
  const beyondLastBit: unknown[] = [];
  let libraryMisses = 0;
  cases.forEach((c, i) => {
    const computed = rateMatch(c.winner, c.loser, c.length);
    const database = { winner: after.get(winners[i]), loser: after.get(losers[i]) };
    const x = ((c.winner.rating - c.loser.rating) * Math.sqrt(c.length)) / 2000;
    if (powers[i].p === powerOfTen(x)) {
      if (JSON.stringify(database) !== JSON.stringify({ winner: computed.winner, loser: computed.loser })) {
        differing.push({ case: c, database, computed });
      }
      return;
    }
    libraryMisses += 1;
    const lastBit = (a: number, b: number) => Math.abs(a - b) <= Math.abs(a) * Number.EPSILON;
    const close =
      lastBit(computed.winner.rating, database.winner!.rating) &&
      lastBit(computed.loser.rating, database.loser!.rating) &&
      computed.winner.experience === database.winner!.experience &&
      computed.loser.experience === database.loser!.experience;
    if (!close) beyondLastBit.push({ case: c, database, computed });
  });
  expect(differing).toEqual([]);
  expect(beyondLastBit).toEqual([]);
  expect(libraryMisses).toBeLessThan(cases.length / 100);
});

import pg from 'pg';
import type { SqlClient } from '../../src/database/sql-client.js';
import { MatchHistoryRepository, type HistoryFilter } from '../../src/matches/read/match-history.repository.js';
import { describeOnPostgres } from '../support/database-mode.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * A player's history stays fast at scale (docs/architecture.md "Match
 * history"): on 100,000 matches among 1,000 players, every combination of
 * filters a player's history page can take, on its first page and after a
 * cursor, is planned without a sequential scan of `matches`: every read of
 * the table seeks by an index to the player's seat (or to a match by its key), both as
 * PostgreSQL plans it for the values given (a custom plan) and as it plans a
 * prepared statement for any values (the generic plan the server's named
 * statements may come to use).
 */
const PLAYERS = 1_000;
const MATCHES = 100_000;

/** The seeded matches: creation one a minute back from now; seats, variants, lengths, statuses and winners spread evenly. */
const SEED = `
WITH players AS (SELECT array_agg(id ORDER BY username) AS ids FROM users)
INSERT INTO matches (id, variant, length, rules, status, creator_id, white_id, black_id, invited_id, version,
                     dice_commitment, dice_seed, winner, end_reason, score_white, score_black,
                     created_at, updated_at, finished_at)
SELECT gen_random_uuid(),
       CASE WHEN g % 3 = 0 THEN 'long-nardy' ELSE 'backgammon' END,
       (ARRAY[1, 3, 5, 7, 0])[1 + g % 5],
       '{}'::jsonb,
       status, white, white, black, CASE WHEN g % 4 = 0 THEN black END, 40,
       repeat('0', 64), repeat('0', 64),
       CASE WHEN status = 'finished' THEN (ARRAY['white', 'black'])[1 + g % 2] END,
       CASE WHEN status = 'finished' THEN 'points' END, 0, 0,
       at, at, CASE WHEN status IN ('finished', 'aborted') THEN at + interval '1 hour' END
  FROM (SELECT g,
               players.ids[1 + (g::bigint * 7919) % ${PLAYERS}] AS white,
               players.ids[1 + (g::bigint * 104729 + 13) % ${PLAYERS}] AS black,
               CASE WHEN g % 20 = 0 THEN 'playing' WHEN g % 50 = 1 THEN 'aborted' ELSE 'finished' END AS status,
               now() - g * interval '1 minute' AS at
          FROM generate_series(1, ${MATCHES}) AS g, players) AS spread`;

const ANY: HistoryFilter = {
  playerId: null,
  opponentId: null,
  status: null,
  variant: null,
  result: null,
  length: null,
  since: null,
  until: null,
};

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Index Cond'?: string;
  readonly Plans?: readonly PlanNode[];
}

/** An index search that seeks to the player's (or pair's) matches, or to one match by its key. */
const SEEKS_A_SEAT_OR_A_MATCH = /\b(white_id|black_id|invited_id) = |^\(id = /;

/**
 * How a plan reads `matches`: each read as its node type and the index
 * conditions it seeks with ('' for none); a bitmap scan by those of its index scans.
 */
function readsOfMatches(plan: PlanNode): Array<{ type: string; conditions: string[] }> {
  return [...nodes(plan)]
    .filter((n) => n['Relation Name'] === 'matches')
    .map((n) => ({
      type: n['Node Type'],
      conditions:
        n['Node Type'] === 'Bitmap Heap Scan'
          ? [...nodes(n)].filter((c) => c['Node Type'] === 'Bitmap Index Scan').map((c) => c['Index Cond'] ?? '')
          : [n['Index Cond'] ?? ''],
    }));
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** A literal for a parameter of the history statements (each is cast to its type in the SQL). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`not a parameter: ${typeof value}`);
  return client.escapeLiteral(String(value));
}

let db: TestDatabase;
let client: pg.Client;
/** The plans of the statements the repository sent through `explaining`, in order. */
const plans: PlanNode[] = [];
let statements = 0;

/**
 * A SqlClient that, instead of running a statement, prepares it and has
 * PostgreSQL explain its execution with the given values under the session's
 * plan_cache_mode; it answers no rows.
 */
const explaining: SqlClient = {
  async query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    const name = `history_${++statements}`;
    await client.query(`PREPARE ${name} AS ${text}`);
    const args = params.length === 0 ? '' : `(${params.map((p) => literal(client, p)).join(', ')})`;
    const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE ${name}${args}`,
    );
    await client.query(`DEALLOCATE ${name}`);
    plans.push(result.rows[0]['QUERY PLAN'][0].Plan);
    return [];
  },
  transaction: () => Promise.reject(new Error('The history is read without transactions.')),
};

describeOnPostgres('the plans of a player’s history on 100,000 matches', () => {
  let player: string;
  let opponent: string;
  let cursor: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(
      `INSERT INTO users (id, username, username_key, password_hash, updated_at)
       SELECT gen_random_uuid(), 'p' || lpad(g::text, 4, '0'), 'p' || lpad(g::text, 4, '0'), 'x', now()
         FROM generate_series(1, ${PLAYERS}) AS g`,
    );
    await client.query(SEED);
    await client.query('ANALYZE users; ANALYZE matches');
    const pair = await client.query<{ white_id: string; black_id: string; id: string; created_at: Date }>(
      `SELECT white_id, black_id, id, created_at FROM matches WHERE white_id <> black_id
        ORDER BY created_at DESC LIMIT 1 OFFSET 500`,
    );
    ({ white_id: player, black_id: opponent } = pair.rows[0]);
    // A cursor in the middle of the player's history: the keys of one of their matches.
    const keys = ['history', pair.rows[0].created_at.toISOString(), pair.rows[0].id];
    cursor = Buffer.from(JSON.stringify(keys)).toString('base64url');
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('seeded 100,000 matches, about 200 per player', async () => {
    const counted = await client.query<{ n: string; per: string }>(
      `SELECT count(*) AS n, (SELECT count(*) FROM matches WHERE white_id = $1 OR black_id = $1) AS per FROM matches`,
      [player],
    );
    expect(Number(counted.rows[0].n)).toBe(MATCHES);
    expect(Number(counted.rows[0].per)).toBeGreaterThan(100);
  });

  /** Every combination of the filters a player's history page takes besides the player. */
  const OPTIONAL: ReadonlyArray<(f: HistoryFilter, ids: { opponent: string }) => Partial<HistoryFilter>> = [
    (_, ids) => ({ opponentId: ids.opponent }),
    () => ({ status: 'finished' }),
    () => ({ variant: 'long-nardy' }),
    () => ({ result: 'won' }),
    () => ({ length: 5 }),
    () => ({ since: new Date(Date.now() - 30 * 86_400_000), until: new Date(Date.now() - 86_400_000) }),
  ];

  for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
    it(`plans no sequential scan of matches for any combination of filters, first page or after a cursor (${mode})`, async () => {
      await client.query(`SET plan_cache_mode = ${mode}`);
      const repository = new MatchHistoryRepository(explaining);
      plans.length = 0;
      const combinations = 1 << OPTIONAL.length;
      for (let mask = 0; mask < combinations; mask++) {
        let filter: HistoryFilter = { ...ANY, playerId: player };
        OPTIONAL.forEach((part, bit) => {
          if (mask & (1 << bit)) filter = { ...filter, ...part(filter, { opponent }) };
        });
        await repository.find(filter, { limit: 20 });
        await repository.find(filter, { cursor, limit: 20 });
      }
      expect(plans).toHaveLength(2 * combinations);
      for (const plan of plans) {
        const reads = readsOfMatches(plan);
        expect(reads.length).toBeGreaterThan(0);
        for (const read of reads) {
          // Not a sequential scan, nor an index read in creation order filtered row by row for the player.
          expect(read.type).not.toBe('Seq Scan');
          for (const condition of read.conditions) expect(condition).toMatch(SEEKS_A_SEAT_OR_A_MATCH);
        }
      }
    }, 120_000);
  }
});

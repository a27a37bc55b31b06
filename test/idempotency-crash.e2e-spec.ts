import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { JsonClient, registerPlayer } from '../bench/http-client.js';
import { startServer, type ServerProcess } from '../bench/server-process.js';
import { describeOnPostgres } from './support/database-mode.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Idempotency-Key across a crash (docs/architecture.md, "API conventions"):
 * the built server, armed with the test-only fault FAULT_KILL_AFTER_COMMIT,
 * kills itself (SIGKILL) right after a request with a key has done its work
 * and before the answer leaves, so the client sees its connection reset.
 * Started again on the same database, the same request with the same key is
 * answered with the first answer, replayed, and nothing is done twice: one
 * match created, one match imported, one play written. Waits are for events,
 * with deadlines far beyond what a loaded machine needs.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(root, 'dist/main.js');
const START_DEADLINE_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 240_000;

/** A 1-point match as GNU Backgammon writes it: one opening play each, a double dropped. */
const MAT = [
  '; [Player 1 "ann"]',
  '; [Player 2 "ben"]',
  '; [Variation "Backgammon"]',
  '',
  ' 1 point match',
  '',
  ' Game 1',
  ' ann : 0                        ben : 0',
  '  1) 31: 8/5 6/5                 64: 24/18 13/9 ',
  '  2)  Doubles => 2                Drops',
  '      Wins 1 point',
  '',
].join('\n');

interface Answer {
  readonly status: number;
  readonly replayed: string | null;
  readonly body: Record<string, unknown>;
}

let db: TestDatabase;
let work: string;
let server: ServerProcess;
let alice: string;
let bob: string;
const password = randomBytes(12).toString('hex');

async function start(): Promise<void> {
  server = await startServer({
    main: MAIN,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      FAULT_KILL_AFTER_COMMIT: 'on',
      DATABASE_URL: db.url,
      DATA_DIR: work,
      JWT_SECRET: 'idempotency-crash-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    },
    logFile: join(work, 'server.log'),
    startTimeoutMs: START_DEADLINE_MS,
  });
}

/** A POST, with an Idempotency-Key when `key` is given. */
async function post(
  path: string,
  token: string,
  body: unknown,
  key: string | null,
  contentType = 'application/json',
): Promise<Answer> {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

async function get(path: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Sends the request armed to crash: the connection dies with the process; then the server starts again. */
async function crashOn(send: () => Promise<unknown>): Promise<void> {
  await expect(send()).rejects.toThrow();
  await server.stop();
  await start();
}

/** Alice's matches, as her list gives them. */
async function matchesOf(token: string): Promise<Array<Record<string, unknown>>> {
  return (await get('/api/users/me/matches?limit=100', token)).items as Array<Record<string, unknown>>;
}

describeOnPostgres('a crash after the work of a request with an Idempotency-Key, before its answer', () => {
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build`);
    work = mkdtempSync(join(tmpdir(), 'nardy-idempotency-crash-'));
    db = await createTestDatabase();
    await start();
    const client = new JsonClient(server.base);
    alice = await registerPlayer(client, 'alice', password);
    bob = await registerPlayer(client, 'bob', password);
    client.close();
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    server?.kill();
    await server?.stop();
    await db?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(
    'create: the retry after the restart replays the new match, and only one match exists',
    async () => {
      const terms = { variant: 'backgammon', length: 3, opponent: 'bob' };
      await crashOn(() => post('/api/matches', alice, terms, 'create-1'));

      const retried = await post('/api/matches', alice, terms, 'create-1');
      expect([retried.status, retried.replayed]).toEqual([201, 'true']);
      const mine = await matchesOf(alice);
      expect(mine.map((m) => m.id)).toEqual([retried.body.id]);
      expect(retried.body).toMatchObject({ id: mine[0].id, version: 1, status: 'invited' });
      const again = await post('/api/matches', alice, terms, 'create-1');
      expect([again.status, again.replayed, again.body]).toEqual([201, 'true', retried.body]);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'an action (plays): the retry replays the state after the play, and the play is written once',
    async () => {
      const created = await post('/api/matches', alice, { variant: 'backgammon', length: 3, opponent: 'bob' }, null);
      const id = created.body.id as string;
      const joined = await post(`/api/matches/${id}/join`, bob, {}, null);
      expect(joined.status).toBe(200);
      const turn = (joined.body.turn as { player: 'white' | 'black' }).player;
      const players = joined.body.players as Record<string, { username: string }>;
      const onTurn = players[turn].username === 'alice' ? alice : bob;
      const legal = await get(`/api/matches/${id}/legal-plays`, onTurn);
      const play = { moves: (legal.plays as Array<{ moves: unknown }>)[0].moves };
      const before = joined.body.version as number;

      await crashOn(() => post(`/api/matches/${id}/plays`, onTurn, play, 'play-1'));

      const retried = await post(`/api/matches/${id}/plays`, onTurn, play, 'play-1');
      expect([retried.status, retried.replayed]).toEqual([200, 'true']);
      const now = await get(`/api/matches/${id}`, onTurn);
      expect(retried.body.version).toBe(now.version);
      const { events } = (await get(`/api/matches/${id}/events?after=${before}&limit=100`, onTurn)) as {
        events: Array<{ type: string }>;
      };
      expect(events.map((e) => e.type).filter((type) => type === 'play')).toEqual(['play']);
      expect(events[0].type).toBe('play');
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'import: the retry replays the imported match, and the file is imported once',
    async () => {
      const imported = async (): Promise<unknown[]> => {
        const sql = new pg.Client({ connectionString: db.url });
        await sql.connect();
        try {
          return (await sql.query<{ id: string }>("SELECT id FROM matches WHERE source = 'imported'")).rows.map(
            (row) => row.id,
          );
        } finally {
          await sql.end();
        }
      };
      expect(await imported()).toEqual([]);

      await crashOn(() => post('/api/matches/import', alice, MAT, 'import-1', 'text/plain'));

      const retried = await post('/api/matches/import', alice, MAT, 'import-1', 'text/plain');
      expect([retried.status, retried.replayed]).toEqual([201, 'true']);
      expect(retried.body).toMatchObject({ source: 'imported', status: 'finished' });
      expect(await imported()).toEqual([retried.body.id]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

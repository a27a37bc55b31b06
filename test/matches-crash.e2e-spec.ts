import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { JsonClient, registerPlayer } from '../bench/http-client.js';
import { MatchDriver, type Colour, type MatchView, type PostedAction, type Seat } from '../bench/match-driver.js';
import { startServer, type ServerProcess } from '../bench/server-process.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { describeOnPostgres } from './support/database-mode.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The built server (dist/main.js) killed with SIGKILL while two players
 * stream actions into several matches, then started again on the same
 * database: every action it acknowledged (200) is in the event log at the
 * seq it was acted on, every log is numbered without a gap, the matches play
 * on, and `verify:replay` (the built CLI) finds every projection equal to the
 * replay of its events, and reports one changed behind the server's back.
 * Waits are for events, with deadlines far beyond what a loaded machine needs.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(root, 'dist/main.js');
const VERIFY_CLI = join(root, 'dist/matches/core/verify-replay.cli.js');
const MATCHES = 6;
/** Acknowledged actions, all matches together, after which the server is killed. */
const KILL_AFTER = 90;
const START_DEADLINE_MS = 90_000;

/** The whole scenario: two starts, the stream, two runs of the CLI. */
const SCENARIO_TIMEOUT_MS = 240_000;

const ACTION_EVENT: Record<string, string> = {
  roll: 'roll',
  plays: 'play',
  double: 'double',
  take: 'take',
  drop: 'drop',
  'resignation/reject': 'resignation-reject',
};

let db: TestDatabase;
let work: string;
const servers: ServerProcess[] = [];
const env = (): Record<string, string | undefined> => ({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  DATA_DIR: work,
  JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'warn',
  AUTH_THROTTLE_LIMIT: '1000',
  REGISTER_THROTTLE_LIMIT: '1000',
});

async function start(): Promise<ServerProcess> {
  const server = await startServer({
    main: MAIN,
    env: env(),
    logFile: join(work, 'server.log'),
    startTimeoutMs: START_DEADLINE_MS,
  });
  servers.push(server);
  return server;
}

/** Runs the built verify:replay CLI on the test database: its exit code and its one JSON line. */
function verifyReplay(): Promise<{
  code: number | null;
  report: { matches: number; events: number; differences: unknown[] };
}> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [VERIFY_CLI], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const lines = out.trim().split('\n');
      if (lines.length !== 1 || !lines[0].startsWith('{')) {
        reject(new Error(`verify:replay printed ${JSON.stringify(out)} (exit ${code}); stderr: ${err}`));
        return;
      }
      resolve({ code, report: JSON.parse(lines[0]) as never });
    });
  });
}

beforeAll(() => {
  for (const file of [MAIN, VERIFY_CLI])
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  work = mkdtempSync(join(tmpdir(), 'nardy-crash-'));
});
afterAll(async () => {
  for (const server of servers) server.kill();
  for (const server of servers) await server.stop();
  await db?.drop();
  rmSync(work, { recursive: true, force: true });
});

interface EventJson {
  readonly seq: number;
  readonly type: string;
  readonly by: Colour | null;
}

async function eventsOf(client: JsonClient, matchId: string): Promise<EventJson[]> {
  const all: EventJson[] = [];
  for (;;) {
    const after = all.length === 0 ? 0 : all[all.length - 1].seq;
    const page = await client.send('GET', `/api/matches/${matchId}/events?after=${after}&limit=200`, null);
    expect(page.status).toBe(200);
    const { events, next } = page.body as { events: EventJson[]; next: unknown };
    all.push(...events);
    if (events.length === 0 || next === null) return all;
  }
}

describeOnPostgres('kill -9 of the built server under a stream of actions', () => {
  it(
    'keeps every acknowledged action in the log, each log whole and equal on replay to its projection',
    async () => {
      db = await createTestDatabase();
      let server = await start();
      let client = new JsonClient(server.base);
      const password = randomBytes(12).toString('hex');
      const seats: Record<Colour, Seat> = {
        white: { username: 'alice', token: await registerPlayer(client, 'alice', password) },
        black: { username: 'bob', token: await registerPlayer(client, 'bob', password) },
      };
      const ids: string[] = [];
      for (let i = 0; i < MATCHES; i++) {
        const terms = {
          opponent: 'bob',
          colour: 'white',
          variant: i % 2 === 0 ? 'backgammon' : 'long-nardy',
          length: 0,
        };
        const created = await client.send('POST', '/api/matches', seats.white.token, terms);
        expect(created.status).toBe(201);
        const id = (created.body as MatchView).id;
        expect((await client.send('POST', `/api/matches/${id}/join`, seats.black.token, {})).status).toBe(200);
        ids.push(id);
      }

      // The stream: one driver per match, all at once; the one that sees the KILL_AFTER-th acknowledgement kills the server.
      const acknowledged: PostedAction[] = [];
      const refused: PostedAction[] = [];
      const crashed = server;
      const onAction = (posted: PostedAction): void => {
        (posted.status === 200 ? acknowledged : refused).push(posted);
        if (acknowledged.length === KILL_AFTER) crashed.kill();
      };
      const streamClient = client;
      const ended = await Promise.allSettled(
        ids.map((id, i) =>
          new MatchDriver(streamClient, seats, { random: mulberry32(i + 1), doubleRate: 0.05, onAction }).drive(id),
        ),
      );
      await crashed.stop();
      // Every driver ran until the server was gone (a money session does not end by itself).
      const endings = ended.map((e): unknown => (e.status === 'rejected' ? errorCode(e.reason) : e.value));
      expect(endings.filter((code) => code !== 'ECONNREFUSED' && code !== 'ECONNRESET')).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(refused.filter((r) => r.status !== 409)).toEqual([]);
      streamClient.close();

      server = await start();
      client = new JsonClient(server.base);
      const versions: number[] = [];
      for (const id of ids) {
        const state = await client.send('GET', `/api/matches/${id}`, null);
        expect(state.status).toBe(200);
        const { version } = state.body as MatchView;
        versions.push(version);
        const events = await eventsOf(client, id);
        expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
        const mine = acknowledged.filter((a) => a.matchId === id);
        const found = mine.map((a) => {
          const event = events[a.actedOn];
          return { seq: a.actedOn + 1, type: event?.type, by: event?.by, written: version >= (a.versionAfter ?? 0) };
        });
        expect(found).toEqual(
          mine.map((a) => ({ seq: a.actedOn + 1, type: ACTION_EVENT[a.action], by: a.colour, written: true })),
        );
      }

      const verified = await verifyReplay();
      expect(verified).toEqual({
        code: 0,
        report: { matches: MATCHES, events: versions.reduce((a, b) => a + b, 0), differences: [] },
      });

      // The matches play on after the restart (their states fold afresh from the logs).
      for (const [i, id] of ids.entries()) {
        let posted = 0;
        const driver = new MatchDriver(client, seats, {
          random: mulberry32(100 + i),
          onAction: (a) => {
            expect([a.action, a.status]).toEqual([a.action, 200]);
            posted++;
          },
          stop: () => posted >= 3,
        });
        expect((await driver.drive(id)).version).toBeGreaterThan(versions[i]);
      }
      client.close();

      const sql = new pg.Client({ connectionString: db.url });
      await sql.connect();
      try {
        const [tampered] = ids;
        const { rows } = await sql.query<{ score_white: number }>(
          'UPDATE matches SET score_white = score_white + 99 WHERE id = $1 RETURNING score_white::float8 AS score_white',
          [tampered],
        );
        const changed = await verifyReplay();
        expect(changed.code).toBe(1);
        expect(changed.report.differences).toEqual([
          { matchId: tampered, field: 'scoreWhite', stored: rows[0].score_white, replayed: rows[0].score_white - 99 },
        ]);
      } finally {
        await sql.end();
      }
    },
    SCENARIO_TIMEOUT_MS,
  );
});

/** The system error code of a failed request (ECONNREFUSED, ...), or the error's message. */
function errorCode(reason: unknown): string {
  const code = (reason as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(reason);
}

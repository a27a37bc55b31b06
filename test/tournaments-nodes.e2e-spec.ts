import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import request from 'supertest';
import { JsonClient, registerPlayer } from '../bench/http-client.js';
import { startServer, type ServerProcess } from '../bench/server-process.js';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { TournamentClient, runningMatches, type TournamentJson } from './support/tournament-client.js';
import { eventually } from './support/webhook-receiver.js';

/**
 * Tournaments on several nodes and across a crash (docs/tournaments.md,
 * "Progress"): two nodes on one database finishing the last matches of a
 * round at once create the next match once; a node killed (SIGKILL) right
 * after a match's last event commits, before any relay created the next
 * match, leaves it to the restarted node, which creates it.
 */

async function count(url: string, sql: string, params: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql, params)).rows[0].n;
  } finally {
    await client.end();
  }
}

describeOnPostgres('two nodes finishing the last matches of a round at once', () => {
  let a: TestApp;
  let b: TestApp;
  const env = { AUTH_THROTTLE_LIMIT: '1000', BOTS_ENABLED: 'false', TOURNAMENTS_POLL_MS: '100' };

  beforeAll(async () => {
    a = await startTestApp(env);
    b = await startTestApp(env, a.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('create the next match once, every time', async () => {
    const clientA = new MatchClient(a.http);
    const tournamentsA = new TournamentClient(a.http);
    const organiser = await clientA.register('organiser');
    const names = ['ann', 'ben', 'cat', 'dan'];
    const players = new Map<string, Player>();
    for (const name of names) players.set(name, await clientA.register(name));
    for (let run = 0; run < 6; run++) {
      const created = await tournamentsA.create(organiser, {
        name: `Race ${run}`,
        variant: 'backgammon',
        format: 'knockout',
        lengths: [1],
        daysPerTurn: null,
        maxPlayers: 4,
      });
      for (const name of names) await tournamentsA.enter(players.get(name) as Player, created.id);
      await tournamentsA.start(organiser, created.id);
      const started = await tournamentsA.waitFor(created.id, (x) => runningMatches(x).length === 2, 'two matches');
      // Both semi-finals end at the same moment, one through each node: each node's relay hears of both.
      const [first, second] = runningMatches(started);
      await Promise.all(
        [first, second].map((match, i) =>
          request(i === 0 ? a.http : b.http)
            .post(`/api/matches/${match.matchId}/leave`)
            .set('Authorization', `Bearer ${(players.get(match.players[1] as string) as Player).token}`)
            .send({})
            .expect(200),
        ),
      );
      const final: TournamentJson = await tournamentsA.waitFor(
        created.id,
        (x) => x.rounds[1].matches[0].matchId !== null,
        'the final',
      );
      expect(final.rounds[1].matches[0].players).toEqual([first.players[0], second.players[0]]);
      const url = a.db.url as string;
      expect(
        await count(url, 'SELECT count(*)::int AS n FROM tournament_matches WHERE tournament_id = $1', [created.id]),
      ).toBe(3);
      expect(
        await count(
          url,
          "SELECT count(*)::int AS n FROM tournament_events WHERE tournament_id = $1 AND type = 'match-created'",
          [created.id],
        ),
      ).toBe(3);
      expect(
        await count(
          url,
          "SELECT count(*)::int AS n FROM tournament_events WHERE tournament_id = $1 AND type = 'match-finished'",
          [created.id],
        ),
      ).toBe(2);
      // The final is a real match between the two winners, playable at once.
      const state = await clientA.state(final.rounds[1].matches[0].matchId as string);
      expect(state.status).toBe('playing');
    }
  });
});

const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(root, 'dist/main.js');
const START_DEADLINE_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 240_000;

describeOnPostgres('kill -9 after a match’s last event, before the next match is created', () => {
  let db: TestDatabase;
  let work: string;
  let server: ServerProcess | undefined;
  let http: JsonClient;
  const password = randomBytes(12).toString('hex');

  async function start(fault: 'on' | 'off'): Promise<void> {
    server = await startServer({
      main: MAIN,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        FAULT_KILL_AFTER_COMMIT: fault,
        BOTS_ENABLED: 'false',
        DATABASE_URL: db.url,
        DATA_DIR: work,
        JWT_SECRET: 'tournaments-crash-secret-long-enough-0123456789',
        LOG_LEVEL: 'warn',
        TOURNAMENTS_POLL_MS: '200',
      },
      logFile: join(work, `server-${fault}.log`),
      startTimeoutMs: START_DEADLINE_MS,
    });
    http?.close();
    http = new JsonClient(server.base);
  }

  async function send(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<unknown> {
    const answer = await http.send(method, path, token, body);
    expect([path, answer.status]).toEqual([path, method === 'POST' && path === '/api/tournaments' ? 201 : 200]);
    return answer.body;
  }

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build`);
    work = mkdtempSync(join(tmpdir(), 'nardy-tournaments-crash-'));
    db = await createTestDatabase();
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    http?.close();
    server?.kill();
    await server?.stop();
    await db?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(
    'the restarted node creates the next match',
    async () => {
      await start('on');
      const tokens = new Map<string, string>();
      for (const name of ['olga', 'ann', 'ben', 'cat']) tokens.set(name, await registerPlayer(http, name, password));
      const olga = tokens.get('olga') as string;
      const created = (await send('POST', '/api/tournaments', olga, {
        name: 'Three and a crash',
        variant: 'backgammon',
        format: 'knockout',
        lengths: [1],
        daysPerTurn: null,
        maxPlayers: 4,
      })) as TournamentJson;
      for (const name of ['ann', 'ben', 'cat']) {
        await send('POST', `/api/tournaments/${created.id}/entries`, tokens.get(name) as string, {});
      }
      await send('POST', `/api/tournaments/${created.id}/start`, olga, {});
      // Seed 1 has a bye into the final; the other two play for the second place in it.
      const [match] = await eventually(async () => {
        const t = (await send('GET', `/api/tournaments/${created.id}`, olga)) as TournamentJson;
        const running = runningMatches(t);
        return running.length === 1 ? running : undefined;
      }, 30);
      const loser = tokens.get(match.players[1] as string) as string;
      // The leave commits the match's last event, then the process dies (an Idempotency-Key arms the fault).
      await expect(
        http.send('POST', `/api/matches/${match.matchId}/leave`, loser, {}, { 'idempotency-key': 'leave-1' }),
      ).rejects.toThrow();
      await server?.stop();
      const finals = `SELECT count(*)::int AS n FROM tournament_matches WHERE tournament_id = $1 AND round = 2`;
      expect(await count(db.url as string, finals, [created.id])).toBe(0);
      expect(await count(db.url as string, 'SELECT count(*)::int AS n FROM tournament_outbox')).toBe(1);

      await start('off');
      const final = await eventually(async () => {
        const t = (await send('GET', `/api/tournaments/${created.id}`, olga)) as TournamentJson;
        return t.rounds[1].matches[0].matchId === null ? undefined : t.rounds[1].matches[0];
      }, 60);
      expect(final.players).toContain(match.players[0]);
      expect(await count(db.url as string, finals, [created.id])).toBe(1);
      const state = (await send('GET', `/api/matches/${final.matchId}`, olga)) as { status: string };
      expect(state.status).toBe('playing');
    },
    SCENARIO_TIMEOUT_MS,
  );
});

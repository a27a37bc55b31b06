import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { registerPlayer } from '../bench/http-client.js';
import { CrashableServer } from './support/crashable-server.js';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { TournamentClient, runningMatches, type TournamentJson } from './support/tournament-client.js';
import { eventually } from './support/webhook-receiver.js';

/**
 * Tournaments on several nodes and across a crash (docs/tournaments.md,
 * "Progress"): two nodes on one database finishing the last matches of a
 * round at once create the next match once; a node killed (SIGKILL) right
 * after a match's last event commits, before any relay created the next
 * match, leaves it to the restarted node, which creates it; a node killed in
 * the middle of a step leaves it to the node still running within 10 s.
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

const SCENARIO_TIMEOUT_MS = 240_000;

describeOnPostgres('kill -9 after a match’s last event, before the next match is created', () => {
  let node: CrashableServer;
  const password = randomBytes(12).toString('hex');

  async function send(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<unknown> {
    const answer = await node.http.send(method, path, token, body);
    expect([path, answer.status]).toEqual([path, method === 'POST' && path === '/api/tournaments' ? 201 : 200]);
    return answer.body;
  }

  beforeAll(async () => {
    node = await CrashableServer.prepare('tournaments-crash', {
      BOTS_ENABLED: 'false',
      JWT_SECRET: 'tournaments-crash-secret-long-enough-0123456789',
      TOURNAMENTS_POLL_MS: '200',
    });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(() => node?.close());

  it(
    'the restarted node creates the next match',
    async () => {
      await node.start('on');
      const tokens = new Map<string, string>();
      for (const name of ['olga', 'ann', 'ben', 'cat'])
        tokens.set(name, await registerPlayer(node.http, name, password));
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
        node.http.send('POST', `/api/matches/${match.matchId}/leave`, loser, {}, { 'idempotency-key': 'leave-1' }),
      ).rejects.toThrow();
      await node.stop();
      const finals = `SELECT count(*)::int AS n FROM tournament_matches WHERE tournament_id = $1 AND round = 2`;
      expect(await node.count(finals, [created.id])).toBe(0);
      expect(await node.count("SELECT count(*)::int AS n FROM outbox WHERE consumer = 'tournaments.result'")).toBe(1);

      await node.start('off');
      const final = await eventually(async () => {
        const t = (await send('GET', `/api/tournaments/${created.id}`, olga)) as TournamentJson;
        return t.rounds[1].matches[0].matchId === null ? undefined : t.rounds[1].matches[0];
      }, 60);
      expect(final.players).toContain(match.players[0]);
      expect(await node.count(finals, [created.id])).toBe(1);
      const state = (await send('GET', `/api/matches/${final.matchId}`, olga)) as { status: string };
      expect(state.status).toBe('playing');
    },
    SCENARIO_TIMEOUT_MS,
  );
});

/** The bound of docs/tournaments.md ("Progress"): a dead node's step is taken over within it. */
const TAKEOVER_BOUND_MS = 10_000;

describeOnPostgres('kill -9 of a node in the middle of a step, another node running', () => {
  let stalled: CrashableServer;
  let survivor: TestApp | undefined;
  const password = randomBytes(12).toString('hex');

  beforeAll(async () => {
    // This node takes the steps and holds them (renewing its lease) without taking them, until killed.
    stalled = await CrashableServer.prepare('tournaments-stall', {
      BOTS_ENABLED: 'false',
      JWT_SECRET: 'tournaments-stall-secret-long-enough-0123456789',
      TOURNAMENTS_POLL_MS: '200',
      FAULT_STALL_TOURNAMENT_STEP: 'on',
      REGISTER_THROTTLE_LIMIT: '100',
    });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await survivor?.close();
    await stalled?.close();
  });

  it(
    'the surviving node takes the step over within 10 s of the kill, and does it once',
    async () => {
      await stalled.start('off');
      const tokens = new Map<string, string>();
      for (const name of ['olga', 'ann', 'ben', 'cat', 'dan'])
        tokens.set(name, await registerPlayer(stalled.http, name, password));
      const olga = tokens.get('olga') as string;
      const created = await stalled.http.send('POST', '/api/tournaments', olga, {
        name: 'Four and a kill',
        variant: 'backgammon',
        format: 'knockout',
        lengths: [1],
        daysPerTurn: null,
        maxPlayers: 4,
      });
      expect(created.status).toBe(201);
      const id = (created.body as TournamentJson).id;
      for (const name of ['ann', 'ben', 'cat', 'dan']) {
        const entered = await stalled.http.send(
          'POST',
          `/api/tournaments/${id}/entries`,
          tokens.get(name) as string,
          {},
        );
        expect(entered.status).toBe(200);
      }
      expect((await stalled.http.send('POST', `/api/tournaments/${id}/start`, olga, {})).status).toBe(200);

      // The stalled node has taken the start's step (its two matches), and holds it.
      const held = `SELECT count(*)::int AS n FROM outbox WHERE consumer = 'tournaments.step' AND key = $1 AND taken_until > now()`;
      await eventually(async () => ((await stalled.count(held, [id])) === 1 ? true : undefined), 30);
      // The other node runs with the default look every 5 s: it takes the step over by the lease's end.
      survivor = await startTestApp({ BOTS_ENABLED: 'false' }, stalled.database);
      const leaseEnd = `SELECT (extract(epoch FROM taken_until) * 1000)::float8 AS n FROM outbox WHERE consumer = 'tournaments.step' AND key = $1`;
      const before = await stalled.count(leaseEnd, [id]);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      // A live node keeps what it works on, however long it takes: its lease was renewed, nobody took the step.
      expect(await stalled.count(leaseEnd, [id])).toBeGreaterThan(before);
      const matches = `SELECT count(*)::int AS n FROM tournament_matches WHERE tournament_id = $1`;
      expect(await stalled.count(matches, [id])).toBe(0);

      const killedAt = Date.now();
      await stalled.kill();
      await eventually(async () => ((await stalled.count(matches, [id])) === 2 ? true : undefined), 90);
      const tookMs = Date.now() - killedAt;
      expect(tookMs).toBeLessThan(TAKEOVER_BOUND_MS);

      const createdEvents = `SELECT count(*)::int AS n FROM tournament_events WHERE tournament_id = $1 AND type = 'match-created'`;
      expect(await stalled.count(createdEvents, [id])).toBe(2);
      const shown = (await request(survivor.http).get(`/api/tournaments/${id}`).expect(200)).body as TournamentJson;
      expect(runningMatches(shown)).toHaveLength(2);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

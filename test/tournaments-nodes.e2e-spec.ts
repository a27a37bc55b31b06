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
      expect(await node.count('SELECT count(*)::int AS n FROM tournament_outbox')).toBe(1);

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

import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import { onPostgres } from './support/database-mode.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { TOURNAMENT_TEST_ENV, TournamentClient, type TournamentJson } from './support/tournament-client.js';

/**
 * The caps on creating tournaments (docs/tournaments.md, "Limits"): open tournaments per organiser
 * (409 too-many-open-tournaments) and creations per account in a rolling 24 hours (429
 * too-many-tournaments, with Retry-After). Creations sent at once, on two nodes where the database
 * is PostgreSQL, pass neither cap, and a refused one stores nothing.
 */
const OPEN = 3;
const PER_DAY = 5;
const ENV = {
  ...TOURNAMENT_TEST_ENV,
  TOURNAMENTS_OPEN_PER_ORGANISER: String(OPEN),
  TOURNAMENTS_CREATED_PER_DAY: String(PER_DAY),
};

let a: TestApp;
let b: TestApp | null = null;
beforeAll(async () => {
  a = await startTestApp(ENV);
  if (onPostgres) b = await startTestApp(ENV, a.db);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const nodes = () => (b === null ? [a] : [a, b]);
const CUP = { variant: 'backgammon', format: 'knockout', lengths: [1], daysPerTurn: 2, maxPlayers: 8 };

/** What the database holds of `organiser`'s tournaments: how many, and their log's events. */
async function stored(organiser: string): Promise<{ tournaments: number; events: number }> {
  const [row] = await a.app.get(SqlClient).query<{ tournaments: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM tournaments t JOIN users u ON u.id = t.organiser_id WHERE u.username = $1)
              AS tournaments,
            (SELECT count(*)::int FROM tournament_events e JOIN tournaments t ON t.id = e.tournament_id
               JOIN users u ON u.id = t.organiser_id WHERE u.username = $1) AS events`,
    [organiser],
  );
  return row;
}

/** Sends `count` creations by `player` at once, spread over the nodes; their answers. */
function createAtOnce(player: Player, count: number): Promise<request.Response[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      request(nodes()[i % nodes().length].http)
        .post('/api/tournaments')
        .set('Authorization', `Bearer ${player.token}`)
        .send({ ...CUP, name: `Flood ${i}` }),
    ),
  );
}

describe('an account creating tournaments without end', () => {
  it('gets as many open as the cap, at once on every node; the rest are refused 409 and store nothing', async () => {
    const flooder = await new MatchClient(a.http).register('flooder');
    const answers = await createAtOnce(flooder, 12);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(OPEN).fill(201), ...Array<number>(12 - OPEN).fill(409)]);
    for (const refused of answers.filter((res) => res.status === 409)) {
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ code: 'too-many-open-tournaments', limit: OPEN });
    }
    expect(await stored('flooder')).toEqual({ tournaments: OPEN, events: OPEN });
    // Another organiser is not held by the first one's cap.
    const other = await new MatchClient(a.http).register('other_organiser');
    await new TournamentClient(a.http).create(other, { ...CUP, name: 'Quiet Cup' });
  });

  it('gets as many in 24 hours as the cap, cancelled ones counted; then 429 with Retry-After, storing nothing', async () => {
    const host = await new MatchClient(a.http).register('busy_host');
    const tournaments = new TournamentClient(a.http);
    const cancel = (t: TournamentJson) =>
      request(a.http).post(`/api/tournaments/${t.id}/cancel`).set('Authorization', `Bearer ${host.token}`).expect(200);
    // Each is cancelled at once: the open cap never binds, the daily one does.
    for (let i = 0; i < PER_DAY - 2; i++) await cancel(await tournaments.create(host, { ...CUP, name: `Cup ${i}` }));
    const answers = await createAtOnce(host, 6);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    for (const refused of answers.filter((res) => res.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'too-many-tournaments', limit: PER_DAY });
      // A place frees when the oldest of the day's creations is a day old: within the next 24 hours.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(24 * 3600 - 600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    }
    expect(await stored('busy_host')).toEqual({ tournaments: PER_DAY, events: PER_DAY + (PER_DAY - 2) });
  });
});

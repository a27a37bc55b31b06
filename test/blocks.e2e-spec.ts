import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { MatchClient, expectProblem, type Player, type ProblemJson } from './support/match-client.js';
import { TOURNAMENT_TEST_ENV, TournamentClient } from './support/tournament-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Blocks (docs/community.md, "Blocks"): PUT, DELETE and GET /api/users/me/blocks, idempotent, at most
 * 500 per account counted in PostgreSQL; a blocked player cannot invite the blocker, join the blocker's
 * open challenges or enter the blocker's tournaments (403 `blocked`, naming nobody), does not see the
 * blocker's open challenges in the lobby, and matches under way go on.
 */
let t: TestApp;
let client: MatchClient;
let tournaments: TournamentClient;
let sql: SqlClient;
beforeAll(async () => {
  t = await startTestApp(TOURNAMENT_TEST_ENV);
  client = new MatchClient(t.http);
  tournaments = new TournamentClient(t.http);
  sql = t.app.get(SqlClient);
});
afterAll(() => t.close());

let n = 0;
const register = (): Promise<Player> => client.register(`blk_${++n}`);
const bearer = (player: Player | string) => ({
  Authorization: `Bearer ${typeof player === 'string' ? player : player.token}`,
});

const block = (who: Player, username: string) =>
  request(t.http).put(`/api/users/me/blocks/${username}`).set(bearer(who));
const unblock = (who: Player, username: string) =>
  request(t.http).delete(`/api/users/me/blocks/${username}`).set(bearer(who));

interface BlockPage {
  items: Array<{ username: string; blockedAt: string }>;
  next: string | null;
}

async function listOf(who: Player, query = ''): Promise<BlockPage> {
  return (await request(t.http).get(`/api/users/me/blocks${query}`).set(bearer(who)).expect(200)).body as BlockPage;
}

/** The refusal `res` must be: `status`, a problem document with `code`. */
function refusedWith(res: request.Response, status: number, code: string): ProblemJson {
  expect(res.status).toBe(status);
  expectProblem(res);
  expect((res.body as ProblemJson).code).toBe(code);
  return res.body as ProblemJson;
}

const MATCH = { variant: 'backgammon', length: 1 };
const KNOCKOUT = { variant: 'backgammon', format: 'knockout', lengths: [1], daysPerTurn: 3, maxPlayers: 8 };

describe('blocking and unblocking', () => {
  it('blocks once (again changes nothing), lists the newest first a page at a time, and unblocks idempotently', async () => {
    const alice = await register();
    const [bob, carol, dave] = [await register(), await register(), await register()];
    await block(alice, bob.username).expect(204);
    const first = (await listOf(alice)).items[0];
    expect(first).toEqual({ username: bob.username, blockedAt: expect.any(String) as unknown });
    // Blocking again keeps the first block and its time; the name is case-insensitive.
    await block(alice, bob.username.toUpperCase()).expect(204);
    expect((await listOf(alice)).items).toEqual([first]);
    await block(alice, carol.username).expect(204);
    await block(alice, dave.username).expect(204);

    const whole = await listOf(alice);
    expect(whole.items.map((b) => b.username)).toEqual([dave.username, carol.username, bob.username]);
    expect(whole.next).toBeNull();
    const times = whole.items.map((b) => Date.parse(b.blockedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page = await listOf(alice, query);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((b) => b.username));
      cursor = page.next;
    } while (cursor !== null);
    expect(paged).toEqual(whole.items.map((b) => b.username));

    await unblock(alice, carol.username).expect(204);
    await unblock(alice, carol.username).expect(204);
    await unblock(alice, (await register()).username).expect(204); // never blocked
    expect((await listOf(alice)).items.map((b) => b.username)).toEqual([dave.username, bob.username]);
    // Others' lists are their own.
    expect((await listOf(bob)).items).toEqual([]);
  });

  it('refuses an unknown player (404), oneself (400), a bad name or cursor (400), and no token (401)', async () => {
    const erin = await register();
    refusedWith(await block(erin, 'nobody_here'), 404, 'user-not-found');
    refusedWith(await unblock(erin, 'nobody_here'), 404, 'user-not-found');
    refusedWith(await block(erin, erin.username), 400, 'cannot-block-self');
    refusedWith(await unblock(erin, erin.username.toUpperCase()), 400, 'cannot-block-self');
    refusedWith(await block(erin, 'no spaces!'), 400, 'invalid-parameter');
    refusedWith(await request(t.http).get('/api/users/me/blocks?cursor=abc').set(bearer(erin)), 400, 'invalid-cursor');
    refusedWith(await request(t.http).put(`/api/users/me/blocks/${erin.username}`), 401, 'unauthorized');
    refusedWith(await request(t.http).get('/api/users/me/blocks'), 401, 'unauthorized');
    expect((await listOf(erin)).items).toEqual([]);
  });

  it('takes personal API tokens: `read` lists, `play` blocks and unblocks', async () => {
    const fay = await register();
    const gus = await register();
    const token = async (scopes: string[]): Promise<string> =>
      (
        (
          await request(t.http)
            .post('/api/users/me/api-tokens')
            .set(bearer(fay))
            .send({ name: scopes.join('+'), scopes })
            .expect(201)
        ).body as { token: string }
      ).token;
    const read = await token(['read']);
    const play = await token(['play']);
    const webhooks = await token(['webhooks']);
    const refused = await request(t.http).put(`/api/users/me/blocks/${gus.username}`).set(bearer(read));
    expect(refusedWith(refused, 403, 'insufficient-scope')).toMatchObject({ scope: 'play' });
    refusedWith(await request(t.http).get('/api/users/me/blocks').set(bearer(webhooks)), 403, 'insufficient-scope');
    await request(t.http).put(`/api/users/me/blocks/${gus.username}`).set(bearer(play)).expect(204);
    const listed = await request(t.http).get('/api/users/me/blocks').set(bearer(read)).expect(200);
    expect((listed.body as BlockPage).items.map((b) => b.username)).toEqual([gus.username]);
    await request(t.http).delete(`/api/users/me/blocks/${gus.username}`).set(bearer(play)).expect(204);
    expect((await listOf(fay)).items).toEqual([]);
  });
});

describe('the cap of 500 blocks', () => {
  /** `count` accounts made straight in the database (their names `<prefix>_<i>`), blocked by `blocker`. */
  async function blockMany(blocker: Player, prefix: string, count: number): Promise<void> {
    await sql.query(
      `WITH made AS (
         INSERT INTO users (id, username, username_key, password_hash, updated_at)
         SELECT gen_random_uuid(), $1 || '_' || g, $1 || '_' || g, 'not-a-hash', now() FROM generate_series(1, $2::int) g
         RETURNING id)
       INSERT INTO user_blocks (blocker_id, blocked_id, created_at)
       SELECT (SELECT id FROM users WHERE username_key = $3), id, now() - interval '1 hour' FROM made`,
      [prefix, count, blocker.username],
    );
  }

  it('refuses the 501st with 409 too-many-blocks, takes a repeat of one held, and frees a place on unblock', async () => {
    const hal = await register();
    await blockMany(hal, 'capa', 500);
    const one = await register();
    expect(refusedWith(await block(hal, one.username), 409, 'too-many-blocks')).toMatchObject({ limit: 500 });
    await block(hal, 'capa_7').expect(204); // held already: nothing to count
    await unblock(hal, 'capa_7').expect(204);
    await block(hal, one.username).expect(204);
    const [{ count }] = await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_blocks b JOIN users u ON u.id = b.blocker_id WHERE u.username_key = $1`,
      [hal.username],
    );
    expect(count).toBe(500);
  });

  it('counts two blocks at once against each other: with 499, one of two is taken and the other refused', async () => {
    const ivy = await register();
    await blockMany(ivy, 'capb', 499);
    const [x, y] = [await register(), await register()];
    const answers = await Promise.all([block(ivy, x.username), block(ivy, y.username)]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
    const [{ count }] = await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_blocks b JOIN users u ON u.id = b.blocker_id WHERE u.username_key = $1`,
      [ivy.username],
    );
    expect(count).toBe(500);
  });
});

describe('what a block refuses the blocked player', () => {
  /** A problem that says nothing about who refused. */
  function namesNobody(problem: ProblemJson, ...names: string[]): void {
    const text = JSON.stringify(problem).toLowerCase();
    for (const name of names) expect(text).not.toContain(name.toLowerCase());
  }

  it('an invitation to the blocker: 403 blocked, nothing stored; the blocker may still invite them', async () => {
    const jan = await register();
    const kim = await register();
    await block(jan, kim.username).expect(204);
    const problem = refusedWith(await client.createRaw(kim, { ...MATCH, opponent: jan.username }), 403, 'blocked');
    namesNobody(problem, jan.username);
    const [{ count }] = await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM matches m JOIN users u ON u.id = m.creator_id WHERE u.username_key = $1`,
      [kim.username],
    );
    expect(count).toBe(0);
    // A block is one-way: the blocker invites whom they like, and the invited player may join.
    const invitation = await client.create(jan, { ...MATCH, opponent: kim.username });
    await client.ok(kim, invitation.id, 'join');
    // Unblocked, the invitation is taken again.
    await unblock(jan, kim.username).expect(204);
    await client.create(kim, { ...MATCH, opponent: jan.username });
  });

  it('a join of the blocker’s open challenge: 403 blocked; anyone else joins it', async () => {
    const lee = await register();
    const max = await register();
    const ned = await register();
    await block(lee, max.username).expect(204);
    const open = await client.create(lee, MATCH);
    const problem = await client.refused(max, open.id, 'join', 403);
    expect(problem.code).toBe('blocked');
    namesNobody(problem, lee.username);
    expect((await client.state(open.id)).status).toBe('invited');
    await client.ok(ned, open.id, 'join');
  });

  it('leaves the blocker’s open challenges out of the blocked player’s list of open challenges', async () => {
    const uma = await register();
    const vic = await register();
    const wes = await register();
    await block(uma, vic.username).expect(204);
    const open = await client.create(uma, MATCH);
    const listed = async (viewer: Player | null): Promise<string[]> => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/matches?open=true&limit=1${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = await client.get<{ items: Array<{ id: string }>; next: string | null }>(query, viewer);
        ids.push(...page.items.map((m) => m.id));
        cursor = page.next;
      } while (cursor !== null);
      return ids;
    };
    expect(await listed(vic)).not.toContain(open.id);
    expect(await listed(wes)).toContain(open.id);
    expect(await listed(null)).toContain(open.id);
    await unblock(uma, vic.username).expect(204);
    expect(await listed(vic)).toContain(open.id);
  });

  it('an entry to a tournament the blocker organises: 403 blocked; others enter', async () => {
    const ola = await register();
    const pam = await register();
    const quin = await register();
    await block(ola, pam.username).expect(204);
    const cup = await tournaments.create(ola, { ...KNOCKOUT, name: 'Blocked cup' });
    const problem = await tournaments.refused(tournaments.enterRaw(pam, cup.id), 403, 'blocked');
    namesNobody(problem, ola.username);
    await tournaments.enter(quin, cup.id);
    const after = await tournaments.get(cup.id);
    expect(JSON.stringify(after)).not.toContain(pam.username);
    // The blocked player may organise their own, and the blocker may enter it.
    const theirs = await tournaments.create(pam, { ...KNOCKOUT, name: 'Their cup' });
    await tournaments.enter(ola, theirs.id);
  });

  it('lets a match under way go on', async () => {
    const ray = await register();
    const sue = await register();
    const match = await client.create(ray, { ...MATCH, opponent: sue.username });
    await client.ok(sue, match.id, 'join');
    await block(ray, sue.username).expect(204);
    await block(sue, ray.username).expect(204);
    const done = await client.playUntil(match.id, await seatsOf(match.id, ray, sue), {
      random: mulberry32(37),
      doubleRate: 0,
    });
    expect(done.status).toBe('finished');
  });

  /** The two players by their seats in the match. */
  async function seatsOf(matchId: string, a: Player, b: Player): Promise<{ white: Player; black: Player }> {
    const state = await client.state(matchId);
    return state.players.white?.username === a.username ? { white: a, black: b } : { white: b, black: a };
  }
});

import request from 'supertest';
import { MatchClient, expectProblem, type Player, type ProblemJson } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Text PostgreSQL cannot store is refused at the edge (docs/architecture.md,
 * "Request bodies"): a NUL, or a lone UTF-16 surrogate (JSON's `\ud800`), in
 * any string of a JSON body, key or value, at any depth, is a 400 naming the
 * field, and a NUL in a text body is a 400 too; nothing is stored. Before, such
 * a `clientSeed` reached the database and answered 500. A seq past any match's
 * log in `?after=` is a 400 on the stream as on the event log.
 */

let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  // Every scenario invites bob anew.
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', INVITATIONS_PER_TARGET: '100', INVITATIONS_PER_USER: '100' });
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
});
afterAll(() => t.close());

const UNSTORABLE: ReadonlyArray<readonly [string, string]> = [
  ['a NUL', 'seed\u0000seed'],
  ['a lone high surrogate', 'seed\ud800'],
  ['a lone low surrogate', '\udc00seed'],
  ['a low surrogate before a high one', 'seed\udc00\ud800'],
];

function expectRefusedField(res: request.Response, field: string): void {
  expect(res.status).toBe(400);
  expectProblem(res);
  const problem = res.body as ProblemJson & { errors: Array<{ field: string; constraint: string }> };
  expect(problem.code).toBe('validation-failed');
  expect(problem.errors).toContainEqual(expect.objectContaining({ field, constraint: 'unstorable-text' }));
}

const matchCount = () => t.prisma.match.count();

describe('text PostgreSQL cannot store', () => {
  it.each(UNSTORABLE)('refuses a clientSeed with %s on create with 400, storing nothing', async (_name, seed) => {
    const before = await matchCount();
    const res = await client.createRaw(alice, { variant: 'backgammon', length: 1, opponent: 'bob', clientSeed: seed });
    expectRefusedField(res, 'clientSeed');
    expect(await matchCount()).toBe(before);
  });

  it.each(UNSTORABLE)('refuses a clientSeed with %s on join with 400, the match still waiting', async (_name, seed) => {
    const match = await client.create(alice, { variant: 'backgammon', length: 1, opponent: 'bob' });
    const res = await client.act(bob, match.id, 'join', { clientSeed: seed });
    expectRefusedField(res, 'clientSeed');
    const after = await client.state(match.id);
    expect(after).toMatchObject({ status: 'invited', version: match.version });
  });

  it('keeps a clientSeed of any other Unicode text, surrogate pairs included', async () => {
    const seed = 'нарды 🎲 \u00a0 tab\there';
    const match = await client.create(alice, { variant: 'backgammon', length: 1, opponent: 'bob', clientSeed: seed });
    const fairness = await client.fairness(match.id);
    expect(fairness.clientSeeds).toEqual([seed]);
  });

  it('refuses unstorable text in a nested field and in a key, naming the path', async () => {
    const nested = await client.createRaw(alice, {
      variant: 'backgammon',
      length: 1,
      rules: { nextGameStarter: 'win\u0000ner' },
    });
    expectRefusedField(nested, 'rules.nextGameStarter');
    const key = await client.createRaw(alice, { variant: 'backgammon', length: 1, ['seed\ud800']: 'x' });
    expect(key.status).toBe(400);
    expectProblem(key);
  });

  it('refuses a JSON import whose player name or client seed holds a NUL, storing nothing', async () => {
    const match = await client.create(alice, { variant: 'backgammon', length: 1, opponent: 'bob' });
    const log = (await request(t.http).get(`/api/matches/${match.id}/export.json`).expect(200)).body as {
      players: Record<string, string | null>;
    };
    const before = await matchCount();
    const res = await request(t.http)
      .post('/api/matches/import')
      .set('Authorization', `Bearer ${alice.token}`)
      .send({ ...log, players: { white: 'ann\u0000', black: 'ben' } });
    expectRefusedField(res, 'players.white');
    expect(await matchCount()).toBe(before);
  });

  it('refuses a .mat import with a NUL anywhere in its text, storing nothing', async () => {
    const before = await matchCount();
    const res = await request(t.http)
      .post('/api/matches/import')
      .set('Authorization', `Bearer ${alice.token}`)
      .set('Content-Type', 'text/plain')
      .send('; [Event "club\u0000night"]\n 1 point match\n\n Game 1\n ann : 0   ben : 0\n');
    expect(res.status).toBe(400);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'unstorable-text' });
    expect(await matchCount()).toBe(before);
  });
});

describe('seqs past any log', () => {
  it.each(['events', 'stream'])('answers GET %s?after=99999999999 with 400 validation-failed', async (path) => {
    const match = await client.create(alice, { variant: 'backgammon', length: 1, opponent: 'bob' });
    const res = await request(t.http).get(`/api/matches/${match.id}/${path}?after=99999999999`);
    expect(res.status).toBe(400);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'validation-failed' });
  });
});

describe('unstorable text in the URL', () => {
  it.each([
    '/api/users/al%00ice',
    '/api/users/al%ED%A0%80ice',
    '/api/matches?player=al%00ice',
    '/api/matches?opponent=%00',
    '/api/matches?status=playing%00',
    '/api/users/alice/matches?variant=%00',
    '/api/users/alice/versus/b%00b',
    '/api/matches/%00',
    '/api/matches/00000000-0000-0000-0000-000000000000%00/events',
    '/api/users?sort=rating&cursor=%00',
    '/api/positions/board.svg?variant=backgammon&position=%00',
  ])('answers GET %s with a 4xx problem, not a 500', async (path) => {
    const res = await request(t.http).get(path).set('Authorization', `Bearer ${alice.token}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectProblem(res);
  });
});

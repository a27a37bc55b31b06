import request from 'supertest';
import { expectProblem, MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Match history over HTTP (docs/architecture.md "Match history"): `GET
 * /api/matches` with its filters and `GET /api/users/{username}/matches`,
 * newest first, with the outcome of finished matches; filters that do not go
 * together, unknown players and bad values are refused with a problem.
 */
let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;
let carol: Player;
/** The matches of this file, oldest first. */
let resigned: MatchStateJson;
/** Who resigned it (the player on turn after the opening throw), and who won it. */
let loser: Player;
let winner: Player;
let withCarol: MatchStateJson;
let fromBob: MatchStateJson;
let open: MatchStateJson;

interface Item {
  readonly id: string;
  readonly status: string;
  readonly source: string;
  readonly result: { winner: string | null; reason: string; score: { white: number; black: number } } | null;
  readonly finishedAt: string | null;
}
interface List {
  readonly items: Item[];
  readonly next: string | null;
}

async function list(path: string): Promise<List> {
  const res = await request(t.http).get(path);
  expect(res.status).toBe(200);
  return res.body as List;
}

const ids = (page: List): string[] => page.items.map((item) => item.id);

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
  client = new MatchClient(t.http);
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => client.register(name)));
  // A 1-point match between alice and bob that the player on turn resigns and the other accepts.
  const created = await client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 1, colour: 'white' });
  const joined = await client.ok(bob, created.id, 'join');
  loser = joined.turn.player === 'white' ? alice : bob;
  winner = loser === alice ? bob : alice;
  await client.ok(loser, created.id, 'resign', { value: 1 });
  resigned = await client.ok(winner, created.id, 'resignation/accept');
  // A long-nardy match being played; an invitation from bob to alice; an open challenge by carol.
  const nardy = await client.create(alice, { opponent: 'carol', variant: 'long-nardy', length: 3, colour: 'black' });
  withCarol = await client.ok(carol, nardy.id, 'join');
  fromBob = await client.create(bob, { opponent: 'alice', variant: 'backgammon', length: 5 });
  open = await client.create(carol, { variant: 'backgammon', length: 3 });
  expect(resigned.status).toBe('finished');
}, 60_000);
afterAll(() => t.close());

describe('GET /api/matches and GET /api/users/{username}/matches', () => {
  it("lists a player's matches newest first, seated or invited, the same by either path", async () => {
    const byQuery = await list('/api/matches?player=alice');
    expect(ids(byQuery)).toEqual([fromBob.id, withCarol.id, resigned.id]);
    expect(ids(await list('/api/users/alice/matches'))).toEqual(ids(byQuery));
    expect(ids(await list('/api/matches'))).toEqual([open.id, fromBob.id, withCarol.id, resigned.id]);
  });

  it('pages with an opaque cursor', async () => {
    const first = await list('/api/matches?player=alice&limit=2');
    expect(ids(first)).toEqual([fromBob.id, withCarol.id]);
    const second = await list(`/api/matches?player=alice&limit=2&cursor=${first.next}`);
    expect(ids(second)).toEqual([resigned.id]);
    expect(second.next).toBeNull();
  });

  it('shows the outcome of a finished match, and filters by result, opponent, status, variant and length', async () => {
    const [lost] = (await list(`/api/users/${loser.username}/matches?result=lost`)).items;
    expect(lost).toMatchObject({ id: resigned.id, status: 'finished', source: 'played' });
    expect(lost.result).toMatchObject({ reason: 'points', score: resigned.score });
    expect(lost.result?.winner).toBe(resigned.result?.winner);
    expect(lost.finishedAt).not.toBeNull();
    expect(ids(await list(`/api/users/${winner.username}/matches?result=won`))).toEqual([resigned.id]);
    expect(ids(await list(`/api/users/${winner.username}/matches?result=lost`))).toEqual([]);
    expect(ids(await list(`/api/users/${loser.username}/matches?result=won`))).toEqual([]);
    expect(ids(await list('/api/matches?player=alice&opponent=bob'))).toEqual([fromBob.id, resigned.id]);
    expect(ids(await list('/api/matches?player=alice&status=playing'))).toEqual([withCarol.id]);
    expect(ids(await list('/api/matches?variant=long-nardy'))).toEqual([withCarol.id]);
    expect(ids(await list('/api/users/carol/matches?length=3'))).toEqual([open.id, withCarol.id]);
  });

  it('filters by creation time: since inclusive, until exclusive', async () => {
    const since = encodeURIComponent(withCarol.createdAt);
    expect(ids(await list(`/api/matches?player=alice&since=${since}`))).toEqual([fromBob.id, withCarol.id]);
    expect(ids(await list(`/api/matches?player=alice&until=${since}`))).toEqual([resigned.id]);
  });

  it('still lists the open challenges with open=true', async () => {
    expect(ids(await list('/api/matches?status=invited&open=true'))).toEqual([open.id]);
    expect(ids(await list('/api/matches?open=true'))).toEqual([open.id]);
  });

  it.each([
    ['an opponent without a player', '/api/matches?opponent=bob', 400, 'invalid-history-query', 'opponent'],
    ['a result without a player', '/api/matches?result=won', 400, 'invalid-history-query', 'result'],
    [
      'since not before until',
      '/api/matches?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z',
      400,
      'invalid-history-query',
      'until',
    ],
    ['open challenges with a player', '/api/matches?open=true&player=alice', 400, 'invalid-history-query', 'player'],
    [
      'open challenges that are finished',
      '/api/matches?open=true&status=finished',
      400,
      'invalid-history-query',
      'status',
    ],
    ['an unknown result', '/api/matches?player=alice&result=drawn', 400, 'validation-failed', undefined],
    ['a date that is not one', '/api/matches?since=2026-13-45', 400, 'validation-failed', undefined],
    ['a negative length', '/api/matches?length=-1', 400, 'validation-failed', undefined],
    ['a cursor of another list', '/api/matches?cursor=WyJpbmJveCJd', 400, 'invalid-cursor', undefined],
    ['an unknown player', '/api/matches?player=nobody', 404, 'user-not-found', undefined],
    ['an unknown opponent', '/api/users/alice/matches?opponent=nobody', 404, 'user-not-found', undefined],
    ['an unknown player by path', '/api/users/nobody/matches', 404, 'user-not-found', undefined],
  ])('refuses %s', async (_, path, status, code, field) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(status);
    expectProblem(res);
    expect(res.body).toMatchObject({ code, ...(field === undefined ? {} : { field }) });
  });
});

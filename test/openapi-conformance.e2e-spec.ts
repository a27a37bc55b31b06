import request from 'supertest';
import { expectAnswersConform } from './support/contract-check.js';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { TOURNAMENT_TEST_ENV, TournamentClient } from './support/tournament-client.js';

/**
 * The answers a client meets most are what openapi.json says they are (docs/architecture.md, "API
 * contract"): the nulls of a match before, during and after its play (`players.black`, `banks`,
 * `game.lastPlay`, `result`, `ratingChange`), the history's items, a game's record, and a
 * knock-out's draw whose later rounds have no players yet. Every e2e test's answers are checked
 * (test/support/contract-check.ts); this one plays the scene through and asserts there is nothing
 * to report, and that the nulls the contract must allow were indeed sent.
 */
let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await startTestApp(TOURNAMENT_TEST_ENV);
  client = new MatchClient(t.http);
  [alice, bob] = await Promise.all(['alice', 'bob'].map((n) => client.register(n)));
  // Both have played before: each moves the other's rating (docs/rules.md, "Ratings").
  await t.prisma.user.updateMany({ data: { experience: 400 } });
});
afterAll(() => t.close());

const get = (path: string, player: Player | null = null): Promise<request.Response> => {
  const req = request(t.http).get(path);
  return player === null ? req : req.set('Authorization', `Bearer ${player.token}`);
};

describe('answers with nulls, checked against openapi.json', () => {
  it('a match from its open challenge to its rated end, and the history of both players', async () => {
    const open = (await client.create(alice, { variant: 'backgammon', length: 3 })) as MatchStateJson &
      Record<string, unknown>;
    expect(Object.values(open.players)).toContain(null);
    expect(open).toMatchObject({ result: null, ratingChange: null, banks: null });
    expect((await get('/api/matches?open=true')).status).toBe(200);

    // A rated 3-point match: the player on turn after the opening throw resigns a backgammon.
    const invitation = await client.create(alice, {
      variant: 'backgammon',
      length: 3,
      daysPerTurn: 3,
      opponent: 'bob',
    });
    const id = invitation.id;
    const started = (await client.ok(bob, id, 'join')) as MatchStateJson & Record<string, unknown>;
    expect(started).toMatchObject({ status: 'playing', rated: true, result: null, ratingChange: null });
    expect(started.game).toMatchObject({ lastPlay: null });
    const loser = started.turn.player === 'white' ? alice : bob;
    await client.ok(loser, id, 'resign', { value: 3 });
    const winner = loser === alice ? bob : alice;
    const ended = (await client.ok(winner, id, 'resignation/accept')) as MatchStateJson & Record<string, unknown>;
    expect(ended).toMatchObject({ status: 'finished', result: { reason: 'points' } });
    expect(ended.ratingChange).not.toBeNull();

    for (const path of [
      `/api/matches/${id}/games`,
      `/api/matches/${id}/games/1`,
      `/api/matches/${id}/events`,
      `/api/matches/${id}/fairness`,
      `/api/matches?player=alice`,
      `/api/users/alice/matches`,
      `/api/users/alice/versus/bob`,
      `/api/users/alice`,
    ]) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
    }
    const mine = await get('/api/users/me/matches', alice);
    expect(mine.status).toBe(200);
    // The history lists the open challenge too: no result, no play yet.
    expect((mine.body as { items: Array<Record<string, unknown>> }).items).toContainEqual(
      expect.objectContaining({ id: open.id, result: null, lastPlay: null }),
    );
    expectAnswersConform();
  });

  it('a knock-out whose later rounds have no players yet', async () => {
    const tournaments = new TournamentClient(t.http);
    const cup = await tournaments.create(alice, {
      name: 'Conformance cup',
      variant: 'backgammon',
      format: 'knockout',
      lengths: [1],
      daysPerTurn: 3,
      maxPlayers: 4,
    });
    for (const [name, player] of [
      ['carol', await client.register('carol')],
      ['dave', await client.register('dave')],
    ] as const) {
      expect((await tournaments.enter(player, cup.id)).entrants.map((e) => e.username)).toContain(name);
    }
    await tournaments.enter(alice, cup.id);
    await tournaments.enter(bob, cup.id);
    await tournaments.start(alice, cup.id);
    const drawn = await tournaments.get(cup.id);
    const final = drawn.rounds[drawn.rounds.length - 1].matches[0];
    expect(final.players).toEqual([null, null]);
    expect((await get('/api/tournaments')).status).toBe(200);
    expect((await get(`/api/tournaments/${cup.id}/events`)).status).toBe(200);
    expectAnswersConform();
  });
});

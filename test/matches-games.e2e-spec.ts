import request from 'supertest';
import { expectProblem, type Player } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * A match's games and turns over HTTP (docs/architecture.md "Games and
 * turns"), on a game played with chosen dice: white opens 3-1, black doubles
 * and white takes, black throws 6-5, white resigns a single game and black
 * accepts; the second game has begun.
 */
let s: ScriptedApp;
let alice: Player;
let bob: Player;
let id: string;
let blackPlay: string;

beforeAll(async () => {
  s = await startScriptedApp();
  alice = await s.client.register('alice');
  bob = await s.client.register('bob');
  id = await startScriptedMatch(s, alice, bob, { variant: 'backgammon', length: 3 }, [
    [3, 1],
    [6, 5],
    [5, 2],
  ]);
  await s.client.ok(alice, id, 'plays', { text: '8/5 6/5' });
  await s.client.ok(bob, id, 'double');
  // Black, who may not double again, has the 6-5 thrown for him at once.
  await s.client.ok(alice, id, 'take');
  const { plays } = await s.client.legalPlays(id);
  blackPlay = plays[0].text;
  await s.client.ok(bob, id, 'plays', { moves: plays[0].moves });
  await s.client.ok(alice, id, 'resign', { value: 1 });
  await s.client.ok(bob, id, 'resignation/accept');
  expectOnlyScriptedThrows(s);
}, 60_000);
afterAll(() => s.t.close());

describe('GET /api/matches/{id}/games and /games/{n}', () => {
  it('lists each game with its starter, winner, result, points, cube value and turns', async () => {
    const res = await request(s.t.http).get(`/api/matches/${id}/games`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      games: [
        {
          number: 1,
          starter: 'white',
          winner: 'black',
          result: 'single',
          endedBy: 'resignation',
          points: 2,
          cubeValue: 2,
          turns: 3,
        },
        { number: 2, starter: 'white', winner: null, result: null, endedBy: null, points: 0, cubeValue: 1, turns: 1 },
      ],
    });
  });

  it('gives every turn of a game: dice, play text, cube actions, resignation and the Position ID before it', async () => {
    const res = await request(s.t.http).get(`/api/matches/${id}/games/1`);
    expect(res.status).toBe(200);
    const { turns } = res.body as { turns: Array<Record<string, unknown>> };
    expect(turns).toHaveLength(3);
    // gnubg 1.07: the starting position, either side on roll, is 4HPwATDgc/ABMA.
    expect(turns[0]).toMatchObject({
      number: 1,
      player: 'white',
      positionId: '4HPwATDgc/ABMA',
      cube: [],
      dice: [3, 1],
      play: '8/5 6/5',
      resignation: null,
    });
    expect(turns[1]).toMatchObject({
      number: 2,
      player: 'black',
      cube: [
        { action: 'double', by: 'black', cubeValue: 2 },
        { action: 'take', by: 'white', cubeValue: 2 },
      ],
      dice: [6, 5],
      play: blackPlay,
    });
    expect(turns[2]).toMatchObject({
      number: 3,
      player: 'white',
      dice: null,
      play: null,
      resignation: { by: 'white', value: 1, accepted: true },
    });
  });

  it('refuses a game that is not there (404 game-not-found), a number that is not one (400), an unknown match (404)', async () => {
    const missing = await request(s.t.http).get(`/api/matches/${id}/games/3`);
    expect(missing.status).toBe(404);
    expectProblem(missing);
    expect(missing.body).toMatchObject({ code: 'game-not-found' });
    const bad = await request(s.t.http).get(`/api/matches/${id}/games/first`);
    expect(bad.status).toBe(400);
    expectProblem(bad);
    const unknown = await request(s.t.http).get('/api/matches/00000000-0000-4000-8000-000000000000/games');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'match-not-found' });
  });
});

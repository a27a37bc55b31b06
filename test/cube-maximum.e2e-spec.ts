import fc from 'fast-check';
import request from 'supertest';
import { apply, MAX_CUBE, replay, type MatchEvent, type MatchState } from '../src/engine/index.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { ACTION_NAMES } from '../src/matches/model/action-names.js';
import type { Colour, MatchStateJson, Player, ProblemJson } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';
import type { ScriptedThrow } from './support/scripted-dice.js';

/**
 * Numbers the rules allow (docs/rules.md M1 "The highest cube", M4): money
 * sessions with beavers, Jacoby and automatic doubles, doubling and beavering
 * at every chance, driven over HTTP to the highest cube. Every answer is 2xx
 * or 4xx, the session can always be left, and its .mat and JSON exports
 * import back to the same scores, games and cubes. Alice is white, Bob black.
 */

let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;
let seat: Record<Colour, Player>;

beforeAll(async () => {
  s = await startScriptedApp({ IMPORT_HOURLY_LIMIT: '1000' });
  alice = await s.client.register('alice');
  bob = await s.client.register('bob');
  carol = await s.client.register('carol');
  seat = { white: alice, black: bob };
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

const other = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');
const act = (id: string, colour: Colour, action: string, body: Record<string, unknown> = {}) =>
  s.client.ok(seat[colour], id, action, body);

/** Every action of the table but `plays`, which takes a body of its own. */
const ACTIONS = ACTION_NAMES.filter((a) => a !== 'plays');

/** The first of the legal plays. */
async function playAny(id: string, colour: Colour): Promise<MatchStateJson> {
  const { plays } = await s.client.legalPlays(id, seat[colour]);
  return act(id, colour, 'plays', { moves: plays[0].moves });
}

interface GameJson {
  readonly number: number;
  readonly winner: Colour | null;
  readonly points: number;
  readonly cubeValue: number;
}

async function games(id: string): Promise<GameJson[]> {
  return (await s.client.get<{ games: GameJson[] }>(`/api/matches/${id}/games`)).games;
}

/** What an import must give back: the score, and each game's winner, points and cube. */
async function summary(id: string) {
  const state = await s.client.state(id);
  const played = (await games(id)).map((g) => [g.number, g.winner, g.points, g.cubeValue]);
  return { status: state.status, score: state.score, games: played };
}

function importMat(text: string): request.Test {
  return request(s.t.http)
    .post('/api/matches/import')
    .set('Authorization', `Bearer ${carol.token}`)
    .set('Content-Type', 'text/plain')
    .send(text);
}

function importJson(document: unknown): request.Test {
  return request(s.t.http)
    .post('/api/matches/import')
    .set('Authorization', `Bearer ${carol.token}`)
    .send(document as object);
}

/** Exports the finished match both ways, imports each, and expects the same scores, games and cubes. */
async function expectExportsReimport(id: string): Promise<string> {
  const original = await summary(id);
  const mat = await request(s.t.http).get(`/api/matches/${id}/export.mat`).expect(200);
  const fromMat = await importMat(mat.text);
  if (fromMat.status !== 201) throw new Error(`the .mat export is refused: ${fromMat.text}\n${mat.text}`);
  expect(await summary((fromMat.body as MatchStateJson).id)).toEqual(original);
  const json = await request(s.t.http).get(`/api/matches/${id}/export.json`).expect(200);
  const fromJson = await importJson(json.body);
  if (fromJson.status !== 201) throw new Error(`the JSON export is refused: ${fromJson.text}`);
  expect(await summary((fromJson.body as MatchStateJson).id)).toEqual(original);
  return mat.text;
}

/**
 * A money session with beavers where white opens 3-1 and every later throw is 2-1, played with the
 * first legal play; then double, beaver and take at every turn until the cube shows `upTo` (4, 16,
 * 64, ...). The match id, and who is on roll (owning the cube).
 */
async function beaveredTo(upTo: number, rules: Record<string, unknown> = {}): Promise<[string, Colour]> {
  const id = await money({ beavers: true, ...rules }, [[3, 1], ...Array<ScriptedThrow>(40).fill([2, 1])]);
  let state = await playAny(id, 'white');
  let onRoll: Colour = 'black';
  while (state.game.cube.value < upTo) {
    await act(id, onRoll, 'double');
    await act(id, other(onRoll), 'beaver');
    await act(id, onRoll, 'take');
    state = await playAny(id, onRoll);
    onRoll = other(onRoll);
  }
  return [id, onRoll];
}

/** Alice (white) invites Bob to a money session with these rules; Bob joins. */
const money = (rules: Record<string, unknown>, throws: readonly ScriptedThrow[]): Promise<string> =>
  startScriptedMatch(s, alice, bob, { variant: 'backgammon', length: 0, rules }, throws);

describe('the highest cube over HTTP (docs/rules.md M1)', () => {
  it('refuses the beaver that would pass 4096 with cube-at-maximum, then the double at 4096, and the session still ends and re-imports', async () => {
    // Double, beaver, take at every turn: the cube goes 4, 16, 64, 256, 1024.
    const [id, first] = await beaveredTo(1024, { jacoby: true });
    let onRoll = first;
    // 1024 doubled to 2048 and taken; the taker then doubles to 4096, which may be taken but not beavered.
    await act(id, onRoll, 'double');
    await act(id, other(onRoll), 'take');
    await playAny(id, onRoll);
    onRoll = other(onRoll);
    let state = await act(id, onRoll, 'double');
    expect(state.game.cube).toEqual({ value: 2048, owner: onRoll });
    const doubled = await s.client.state(id, seat[other(onRoll)]);
    expect(doubled.actions).toEqual(expect.arrayContaining(['take', 'drop']));
    expect(doubled.actions).not.toContain('beaver');
    const refused = await s.client.refused(seat[other(onRoll)], id, 'beaver', 409);
    expect(refused).toMatchObject({ code: 'action-not-allowed', reason: 'cube-at-maximum' });
    expect(refused.detail).toContain('4096');
    expect((await s.client.state(id)).version).toBe(doubled.version);

    state = await act(id, other(onRoll), 'take');
    expect(state.game.cube).toEqual({ value: MAX_CUBE, owner: other(onRoll) });
    await playAny(id, onRoll);
    // The cube's owner may not double it further: with no choice to make, the server throws the roll.
    const atMaximum = await s.client.state(id, seat[other(onRoll)]);
    expect(atMaximum.turn).toMatchObject({ player: other(onRoll), awaiting: 'play' });
    expect(atMaximum.actions).not.toContain('double');
    await s.client.refused(seat[other(onRoll)], id, 'double', 409);

    // Leaving during the game forfeits a backgammon at 4096 (M6; the cube was turned, so no Jacoby).
    const left = await act(id, other(onRoll), 'leave');
    expect(left).toMatchObject({ status: 'finished', score: { [onRoll]: 3 * MAX_CUBE, [other(onRoll)]: 0 } });
    expectOnlyScriptedThrows(s);
    await expectExportsReimport(id);
  });

  it('refuses, 400 invalid-match-file with the reason, a JSON log whose cube passes 4096 and whose score passes 2^31, storing nothing', async () => {
    // A session at a cube of 1024, left and exported; then the same game carried on past the maximum:
    // double, beaver and take at every turn (each roll and play as the position gives them), to a
    // cube of 2^32; a resignation, and a leave between games: scores past 2^31 had the cube no maximum.
    const [id, onRoll] = await beaveredTo(1024);
    await act(id, onRoll, 'leave');
    expectOnlyScriptedThrows(s);
    const exported = (await request(s.t.http).get(`/api/matches/${id}/export.json`).expect(200)).body as {
      variant: 'backgammon';
      length: number;
      events: MatchEvent[];
    };
    const events = exported.events.slice(
      0,
      exported.events.findIndex((e) => e.type === 'leave'),
    );
    // The position goes on without the cube, which changes no roll and no play.
    let board: MatchState = replay(exported, events);
    const next = (event: MatchEvent): void => {
      const result = apply(board, event);
      if (!result.ok) throw new Error(`${event.type}: ${result.message}`);
      board = result.state;
      events.push(event);
    };
    let cube = 1024;
    let doubler = onRoll;
    let firstPast = -1;
    while (cube < 2 ** 32) {
      if (cube * 2 > MAX_CUBE && firstPast < 0) firstPast = events.length + 1;
      events.push(
        { type: 'double', by: doubler },
        { type: 'beaver', by: other(doubler) },
        { type: 'take', by: doubler },
      );
      cube *= 4;
      next({ type: 'roll', by: doubler, dice: [2, 1] });
      if (board.phase.kind === 'play') next({ type: 'play', by: doubler, moves: board.phase.plays[0].moves });
      doubler = other(doubler);
    }
    const winner = other(doubler);
    events.push(
      { type: 'resign', by: doubler, value: 1 },
      { type: 'resignation-accept', by: winner },
      {
        type: 'game-end',
        gameNumber: 1,
        outcome: {
          winner,
          reason: 'resignation',
          kind: 'single',
          multiplier: 1,
          homeMars: false,
          cubeValue: cube,
          jacoby: false,
          points: cube,
        },
      },
      { type: 'leave', by: doubler },
      {
        type: 'match-end',
        winner,
        reason: 'leave',
        score: { [winner]: cube, [doubler]: 0 } as { white: number; black: number },
      },
    );
    const matches = await s.client.get<{ items: unknown[] }>('/api/matches?limit=100');
    const res = await importJson({ ...exported, events });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body as ProblemJson).toMatchObject({
      code: 'invalid-match-file',
      reason: 'cube-at-maximum',
      game: 1,
      event: firstPast,
    });
    expect((await s.client.get<{ items: unknown[] }>('/api/matches?limit=100')).items).toHaveLength(
      matches.items.length,
    );
  });
});

/** Opening throws tie often (automatic doubles), later throws are doubles as often. */
function throwsFrom(random: () => number, count: number): ScriptedThrow[] {
  const die = () => (1 + Math.floor(random() * 6)) as ScriptedThrow[0];
  return Array.from({ length: count }, () => {
    const a = die();
    return random() < 0.4 ? [a, a] : [a, die()];
  });
}

describe('random money sessions to the highest cube (property)', () => {
  it('answers every action 2xx or 4xx, never passes the cube ceiling, can always be left, and re-imports from both exports', async () => {
    const options = fc.record({
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      jacoby: fc.boolean(),
      beavers: fc.boolean(),
      automaticDoubles: fc.integer({ min: 0, max: 8 }),
      cubeLimit: fc.option(
        fc.integer({ min: 0, max: 12 }).map((k) => 2 ** k),
        { freq: 3 },
      ),
      actions: fc.integer({ min: 30, max: 70 }),
    });
    /** How many sessions reached their cube ceiling, and how many made automatic doubles: the runs must do both. */
    let atCeiling = 0;
    let withAutomaticDoubles = 0;
    await fc.assert(
      fc.asyncProperty(options, async ({ seed, actions, ...rules }) => {
        const random = mulberry32(seed);
        const id = await money(rules, throwsFrom(random, 400));
        const ceiling = Math.min(rules.cubeLimit ?? MAX_CUBE, MAX_CUBE);
        let reached = false;
        let state = await s.client.state(id, alice);
        for (let n = 0; n < actions && state.status === 'playing'; n++) {
          const viewOf = async (c: Colour) => (state.you === c ? state : s.client.state(id, seat[c]));
          // Between games the opening throw waits for either player: white throws it.
          const colour: Colour = state.turn.player ?? 'white';
          const view = await viewOf(colour);
          expect(view.game.cube.value).toBeLessThanOrEqual(ceiling);
          if (view.game.cube.value === ceiling && ceiling > 1) reached = true;
          // Either player may leave whenever the session is under way (M6).
          expect(view.actions).toContain('leave');
          if (random() < 0.2) expect((await viewOf(other(colour))).actions).toContain('leave');
          // A double or beaver past the ceiling is neither offered nor taken.
          const onRollAtCeiling =
            view.turn.player === colour && view.turn.awaiting === 'roll' && view.game.cube.value >= ceiling;
          if (onRollAtCeiling) {
            expect(view.actions).not.toContain('double');
            const refused = await s.client.act(seat[colour], id, 'double');
            expect(refused.status).toBe(409);
            expect((refused.body as ProblemJson).reason).toMatch(/^cube-(at-maximum|limit|not-yours)$/);
          }
          // An action not offered, by either player: a 4xx that changes nothing.
          if (random() < 0.3) {
            const who: Colour = random() < 0.5 ? 'white' : 'black';
            const offered = (await viewOf(who)).actions;
            const wrong = ACTIONS.filter((a) => !offered.includes(a));
            const action = wrong[Math.floor(random() * wrong.length)];
            const res = await s.client.act(seat[who], id, action, action === 'resign' ? { value: 1 } : {});
            expect(res.status).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
            expect((await s.client.state(id)).version).toBe(view.version);
          }
          const has = (a: string) => view.actions.includes(a);
          const action = has('double')
            ? 'double'
            : has('beaver')
              ? 'beaver'
              : has('take')
                ? random() < 0.05
                  ? 'drop'
                  : 'take'
                : has('plays')
                  ? 'plays'
                  : has('roll')
                    ? 'roll'
                    : 'leave';
          state = action === 'plays' ? await playAny(id, colour) : await s.client.ok(seat[colour], id, action, {});
        }
        if (state.status === 'playing') {
          const leaver: Colour = random() < 0.5 ? 'white' : 'black';
          state = await act(id, leaver, 'leave');
        }
        expect(state.status).toBe('finished');
        expectOnlyScriptedThrows(s);
        const mat = await expectExportsReimport(id);
        if (reached) atCeiling++;
        if (mat.includes('; [Automatic doubles')) withAutomaticDoubles++;
      }),
      { numRuns: 8, seed: 20261127 },
    );
    expect(atCeiling).toBeGreaterThanOrEqual(2);
    expect(withAutomaticDoubles).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

import { createHash } from 'node:crypto';
import type { Colour, EventJson, MatchStateJson, Player } from './support/match-client.js';
import { planRace } from './support/race-plan.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';
import type { ScriptedThrow } from './support/scripted-dice.js';

/**
 * Scoring over HTTP with scripted dice (docs/rules.md M1-M5, B6, N7): the
 * cube and the Crawford game, drops, gammons and backgammons, mars and koks,
 * the money-session options, resignations, the end of a match, timeouts and
 * time banks. Alice is always white and Bob black. Where a scenario is about
 * scoring, games end quickly by resignation; where it is about the board,
 * they are played out with real plays.
 */

let s: ScriptedApp;
let alice: Player;
let bob: Player;
let seat: Record<Colour, Player>;

beforeAll(async () => {
  s = await startScriptedApp();
  alice = await s.client.register('alice');
  bob = await s.client.register('bob');
  seat = { white: alice, black: bob };
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

/** Alice (white) invites Bob (black) with these terms; the throws are queued; Bob joins. */
const start = (terms: Record<string, unknown>, throws: readonly ScriptedThrow[]): Promise<string> =>
  startScriptedMatch(s, alice, bob, terms, throws);

const act = (id: string, colour: Colour, action: string, body: Record<string, unknown> = {}) =>
  s.client.ok(seat[colour], id, action, body);
const view = (id: string, colour: Colour) => s.client.state(id, seat[colour]);

/** The first of the legal plays, whatever it is. */
async function playAny(id: string, colour: Colour): Promise<MatchStateJson> {
  const { plays } = await s.client.legalPlays(id, seat[colour]);
  return act(id, colour, 'plays', { moves: plays[0].moves });
}

async function events(id: string, type?: string): Promise<EventJson[]> {
  const all = await s.client.events(id);
  return type === undefined ? all : all.filter((e) => e.type === type);
}

async function lastGameEnd(id: string): Promise<Record<string, unknown>> {
  const ends = await events(id, 'game-end');
  return ends[ends.length - 1].outcome as Record<string, unknown>;
}

describe('the cube in a match (M1, M3)', () => {
  it('refuses the double in the Crawford game with crawford-game, allows it post-Crawford, and ends the match at N with the seed revealed', async () => {
    const id = await start({ variant: 'backgammon', length: 3 }, [
      [1, 3],
      [4, 1],
      [5, 2],
      [6, 1],
    ]);
    // Game 1: black opened; black resigns a gammon: white leads 2-0, at N-1 with the opponent below.
    expect((await view(id, 'black')).turn).toMatchObject({ player: 'black', awaiting: 'play' });
    await act(id, 'black', 'resign', { value: 2 });
    let state = await act(id, 'white', 'resignation/accept');
    expect(state.score).toEqual({ white: 2, black: 0 });

    // Game 2 is the Crawford game: white opened, and no double for anyone.
    expect(state).toMatchObject({ crawford: true, game: { number: 2 }, turn: { player: 'white', awaiting: 'play' } });
    expect(state.actions).not.toContain('double');
    const refused = await s.client.refused(alice, id, 'double', 409);
    expect(refused).toMatchObject({ code: 'action-not-allowed', reason: 'crawford-game' });
    expect((await view(id, 'white')).version).toBe(state.version);
    await act(id, 'white', 'resign', { value: 1 });
    state = await act(id, 'black', 'resignation/accept');
    expect(state.score).toEqual({ white: 2, black: 1 });

    // Game 3 is post-Crawford: the server waits for black, who may double.
    expect(state).toMatchObject({ crawford: false, game: { number: 3 } });
    await playAny(id, 'white');
    const black = await view(id, 'black');
    expect(black.turn).toMatchObject({ player: 'black', awaiting: 'roll' });
    expect(black.actions).toEqual(expect.arrayContaining(['roll', 'double']));
    state = await act(id, 'black', 'double');
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'cube-response' });
    const white = await view(id, 'white');
    expect(white.actions).toEqual(expect.arrayContaining(['take', 'drop']));
    expect(white.actions).not.toContain('beaver');

    // The drop scores the cube's value before the double: 1.
    state = await act(id, 'white', 'drop');
    expect(await lastGameEnd(id)).toMatchObject({ winner: 'black', reason: 'drop', cubeValue: 1, points: 1 });
    expect(state.score).toEqual({ white: 2, black: 2 });
    // At N-1 all there is no second Crawford game.
    expect(state).toMatchObject({ crawford: false, game: { number: 4 }, fairness: { seed: null } });

    await act(id, 'white', 'resign', { value: 1 });
    state = await act(id, 'black', 'resignation/accept');
    expect(state).toMatchObject({
      status: 'finished',
      score: { white: 2, black: 3 },
      result: { winner: 'black', reason: 'points', score: { white: 2, black: 3 } },
      actions: [],
    });
    const seed = state.fairness!.seed;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(seed!, 'hex')).digest('hex')).toBe(state.fairness!.commitment);
    expect((await s.client.fairness(id)).seed).toBe(seed);
    const all = await events(id);
    expect(all[all.length - 1]).toMatchObject({
      type: 'match-end',
      winner: 'black',
      reason: 'points',
      score: { white: 2, black: 3 },
    });
    expect(s.dice.remaining(id)).toBe(0);
  });

  it('scores a dropped redouble at the value before it, and accepted gammon and backgammon resignations at 2 and 3 times the cube', async () => {
    const id = await start({ variant: 'backgammon', length: 7 }, [
      [3, 1],
      [2, 1],
      [2, 4],
      [3, 5],
    ]);
    await playAny(id, 'white');
    await act(id, 'black', 'double');
    let state = await act(id, 'white', 'take');
    expect(state.game.cube).toEqual({ value: 2, owner: 'white' });
    // Black may not double a cube white owns: the server rolled for black at once.
    state = await view(id, 'black');
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'play' });
    expect(state.game.dice).toEqual([2, 1]);
    await playAny(id, 'black');
    expect((await view(id, 'white')).actions).toContain('double');
    state = await act(id, 'white', 'double');
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'cube-response' });
    state = await act(id, 'black', 'drop');
    expect(await lastGameEnd(id)).toMatchObject({ winner: 'white', reason: 'drop', cubeValue: 2, points: 2 });
    expect(state.score).toEqual({ white: 2, black: 0 });
    expect(state.game).toMatchObject({ number: 2, cube: { value: 1, owner: null } });

    await act(id, 'black', 'resign', { value: 2 });
    state = await act(id, 'white', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({ reason: 'resignation', kind: 'gammon', multiplier: 2, points: 2 });
    expect(state.score).toEqual({ white: 4, black: 0 });

    await act(id, 'black', 'resign', { value: 3 });
    state = await act(id, 'white', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({
      reason: 'resignation',
      kind: 'backgammon',
      multiplier: 3,
      points: 3,
    });
    expect(state.result).toEqual({ winner: 'white', reason: 'points', score: { white: 7, black: 0 } });
  });

  it('a rejected resignation returns to the same decision with the same dice; an accepted one scores a single', async () => {
    const id = await start({ variant: 'backgammon', length: 3 }, [
      [3, 1],
      [6, 2],
    ]);
    const before = await view(id, 'white');
    let state = await act(id, 'white', 'resign', { value: 1 });
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'resignation-response' });
    expect(state.actions).not.toContain('plays');
    expect((await view(id, 'black')).actions).toEqual(
      expect.arrayContaining(['resignation/accept', 'resignation/reject']),
    );
    await act(id, 'black', 'resignation/reject');
    state = await view(id, 'white');
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    expect(state.game).toEqual(before.game);
    expect(state.actions).toContain('plays');
    expect((await events(id)).slice(-2).map((e) => e.type)).toEqual(['resign', 'resignation-reject']);

    await playAny(id, 'white');
    await act(id, 'white', 'resign', { value: 1 });
    state = await act(id, 'black', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({ winner: 'black', reason: 'resignation', kind: 'single', points: 1 });
    expect(state.score).toEqual({ white: 0, black: 1 });
  });
});

describe('results played out on the board (B6, N7)', () => {
  /** Plays the planned game: the server throws every roll (no cube), the players submit the planned plays. */
  async function playPlan(
    id: string,
    plays: readonly (readonly { from: number; to: number }[])[],
  ): Promise<MatchStateJson> {
    let state = await view(id, 'white');
    for (const moves of plays) {
      const mover = state.turn.player;
      expect(state.turn.awaiting).toBe('play');
      state = await act(id, mover!, 'plays', { moves });
    }
    return state;
  }

  it('bearing off against a player with none off and a checker in the winner home is a backgammon worth 3', async () => {
    const options = { variant: 'backgammon' as const, length: 3, rules: { cube: false } };
    const plan = planRace(options);
    const id = await start({ variant: 'backgammon', length: 3, rules: { cube: false } }, plan.throws);
    const state = await playPlan(id, plan.plays);
    expect(await lastGameEnd(id)).toMatchObject({
      winner: 'white',
      reason: 'bear-off',
      kind: 'backgammon',
      multiplier: 3,
      points: 3,
    });
    const { white, black } = state.game.board;
    expect(white.off).toBe(15);
    expect(black.off).toBe(0);
    // Black's own points 19-24 are white's home.
    expect(black.bar + black.points.slice(18).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(state.result).toEqual({ winner: 'white', reason: 'points', score: { white: 3, black: 0 } });
    expect(s.dice.remaining(id)).toBe(0);
  });

  it.each([
    ['on, a koks worth 3', true, 'koks', 3],
    ['off, a mars worth 2', false, 'mars', 2],
  ])(
    'long nardy: bearing off against a player with none off and a checker on its head is, with koks %s',
    async (_name, koks, kind, points) => {
      const rules = { cube: false, koks };
      const plan = planRace({ variant: 'long-nardy', length: points, rules });
      const id = await start({ variant: 'long-nardy', length: points, rules }, plan.throws);
      if (!koks) {
        const refused = await s.client.refused(alice, id, 'resign', 409, { value: 3 });
        expect(refused).toMatchObject({ code: 'action-not-allowed', reason: 'bad-resignation-value' });
      }
      const state = await playPlan(id, plan.plays);
      expect(await lastGameEnd(id)).toMatchObject({ winner: 'white', reason: 'bear-off', kind, points });
      const { white, black } = state.game.board;
      expect(white.off).toBe(15);
      expect(black.off).toBe(0);
      expect(black.points[23]).toBeGreaterThan(0);
      expect(state.result).toEqual({ winner: 'white', reason: 'points', score: { white: points, black: 0 } });
    },
  );

  it('long nardy resignations: 3 is a koks, 2 a mars; the winner of a game starts the next by rolling (N3)', async () => {
    const id = await start({ variant: 'long-nardy', length: 7 }, [[2, 4]]);
    await act(id, 'black', 'resign', { value: 3 });
    let state = await act(id, 'white', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({ winner: 'white', kind: 'koks', multiplier: 3, points: 3 });
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'roll' });
    await act(id, 'white', 'resign', { value: 2 });
    state = await act(id, 'black', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({ winner: 'black', kind: 'mars', multiplier: 2, points: 2 });
    expect(state.score).toEqual({ white: 3, black: 2 });
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'roll' });
    expect(await events(id, 'opening-roll')).toHaveLength(1);
  });
});

describe('money session options (M4)', () => {
  it('automatic doubles on tied openings up to the limit, Jacoby singles an undoubled gammon, a beaver quadruples, leave ends it', async () => {
    const rules = { jacoby: true, beavers: true, automaticDoubles: 1 };
    const id = await start({ variant: 'backgammon', length: 0, rules }, [
      [3, 3],
      [4, 4],
      [5, 2],
      [6, 1],
      [2, 1],
    ]);
    // Two ties: the first doubles the cube (it stays centred), the second does not (limit 1); 5-2: white opens.
    let state = await view(id, 'white');
    expect(state.game.cube).toEqual({ value: 2, owner: null });
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    expect((await events(id, 'opening-roll')).map((e) => [e.white, e.black])).toEqual([
      [3, 3],
      [4, 4],
      [5, 2],
    ]);
    await playAny(id, 'white');
    await act(id, 'black', 'resign', { value: 2 });
    state = await act(id, 'white', 'resignation/accept');
    // Jacoby: nobody doubled (automatic doubles do not count), so the gammon counts single, at the cube's 2.
    expect(await lastGameEnd(id)).toMatchObject({ multiplier: 2, cubeValue: 2, jacoby: true, points: 2 });
    expect(state.score).toEqual({ white: 2, black: 0 });

    // Between games either player may roll or leave; nothing is thrown until one does.
    expect(state.turn).toMatchObject({ player: null, awaiting: 'roll' });
    for (const colour of ['white', 'black'] as const) {
      expect((await view(id, colour)).actions).toEqual(expect.arrayContaining(['roll', 'leave']));
    }
    state = await act(id, 'black', 'roll');
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    await playAny(id, 'white');
    await act(id, 'black', 'double');
    expect((await view(id, 'white')).actions).toEqual(expect.arrayContaining(['take', 'drop', 'beaver']));
    state = await act(id, 'white', 'beaver');
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'cube-response' });
    const blackView = await view(id, 'black');
    expect(blackView.actions).toEqual(expect.arrayContaining(['take', 'drop']));
    expect(blackView.actions).not.toContain('beaver');
    state = await act(id, 'black', 'take');
    expect(state.game.cube).toEqual({ value: 4, owner: 'white' });
    await playAny(id, 'black');
    await act(id, 'white', 'resign', { value: 2 });
    state = await act(id, 'black', 'resignation/accept');
    expect(await lastGameEnd(id)).toMatchObject({
      winner: 'black',
      multiplier: 2,
      cubeValue: 4,
      jacoby: false,
      points: 8,
    });
    expect(state.score).toEqual({ white: 2, black: 8 });

    state = await act(id, 'white', 'leave');
    expect(state).toMatchObject({
      status: 'finished',
      result: { winner: 'black', reason: 'leave', score: { white: 2, black: 8 } },
    });
    expect((await events(id)).slice(-2).map((e) => e.type)).toEqual(['leave', 'match-end']);
    expect(s.dice.remaining(id)).toBe(0);
  });
});

describe('leaving a money session during a game (M6)', () => {
  it('forfeits the game under way for a backgammon at the cube, then ends the session won by the player ahead', async () => {
    const id = await start({ variant: 'backgammon', length: 0 }, [
      [5, 2],
      [6, 5],
    ]);
    await playAny(id, 'white');
    await act(id, 'black', 'double');
    // White owns the cube: the server throws black's 6-5, and black leaves instead of playing it.
    expect(await act(id, 'white', 'take')).toMatchObject({ turn: { player: 'black', awaiting: 'play' } });
    expect((await view(id, 'black')).actions).toContain('leave');
    expect((await view(id, 'black')).actions).not.toContain('abort');
    const state = await act(id, 'black', 'leave');
    expect(await lastGameEnd(id)).toMatchObject({
      winner: 'white',
      reason: 'leave',
      kind: 'backgammon',
      multiplier: 3,
      cubeValue: 2,
      points: 6,
    });
    expect(state).toMatchObject({
      status: 'finished',
      score: { white: 6, black: 0 },
      result: { winner: 'white', reason: 'leave', score: { white: 6, black: 0 } },
    });
    expect((await events(id)).slice(-3).map((e) => e.type)).toEqual(['leave', 'game-end', 'match-end']);
  });
});

describe('the correspondence clock (M5)', () => {
  it('refuses a timeout claim before the deadline with the deadline, and after it the claimant wins the match', async () => {
    const id = await start({ variant: 'backgammon', length: 5, daysPerTurn: 1, bankDays: 0 }, [[3, 1]]);
    const state = await view(id, 'white');
    expect(state.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    const deadline = Date.parse(state.turn.deadline!);
    expect(deadline).toBe(s.clock.now().getTime() + 24 * 3600_000);
    expect((await view(id, 'black')).actions).not.toContain('claim-timeout');

    s.clock.set(new Date(deadline - 1000));
    const early = await s.client.refused(bob, id, 'claim-timeout', 409);
    expect(early.code).toBe('deadline-not-reached');
    expect(Date.parse(early.deadline!)).toBe(deadline);
    expect((await view(id, 'black')).version).toBe(state.version);

    s.clock.set(new Date(deadline + 1000));
    expect((await view(id, 'black')).actions).toContain('claim-timeout');
    const won = await act(id, 'black', 'claim-timeout');
    expect(won).toMatchObject({
      status: 'finished',
      result: { winner: 'black', reason: 'timeout', score: { white: 0, black: 0 } },
    });
    expect(won.fairness!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await events(id)).slice(-2)).toMatchObject([
      { type: 'timeout', by: 'black' },
      { type: 'match-end', winner: 'black', reason: 'timeout' },
    ]);
  });

  it('the time bank extends the deadline, and a slow decision spends it', async () => {
    const day = 24 * 3600_000;
    const id = await start({ variant: 'backgammon', length: 5, daysPerTurn: 1, bankDays: 2 }, [
      [3, 1],
      [2, 1],
    ]);
    const t0 = s.clock.now().getTime();
    expect(Date.parse((await view(id, 'white')).turn.deadline!)).toBe(t0 + 3 * day);

    // White takes two days over a one-day turn: one day comes out of the bank.
    s.clock.set(new Date(t0 + 2 * day));
    let state = await playAny(id, 'white');
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'roll' });
    expect(Date.parse(state.turn.deadline!)).toBe(t0 + 2 * day + 3 * day);
    await act(id, 'black', 'roll');
    state = await playAny(id, 'black');
    expect(state.turn.player).toBe('white');
    expect(Date.parse(state.turn.deadline!)).toBe(t0 + 2 * day + 2 * day);

    s.clock.set(new Date(t0 + 4 * day + 1000));
    state = await act(id, 'black', 'claim-timeout');
    expect(state.result).toMatchObject({ winner: 'black', reason: 'timeout' });
  });
});

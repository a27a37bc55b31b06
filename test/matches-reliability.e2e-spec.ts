import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import type { Die } from '../src/engine/index.js';
import { MatchStore } from '../src/matches/core/match-store.js';
import {
  expectProblem,
  type Colour,
  type EventJson,
  type MatchStateJson,
  type Player,
  type ProblemJson,
} from './support/match-client.js';
import { startScriptedApp, type ScriptedApp } from './support/scripted-app.js';

/**
 * What a client can rely on when requests race, repeat or go wrong
 * (docs/architecture.md "API conventions", "Errors"): of two racing actions
 * exactly one is written; a stale version is refused with the current one; a
 * retry with the same Idempotency-Key acts once; and a refused request
 * appends nothing. Every throw is 4-2 (scripted), so that each roll has a
 * play and the turns run as planned; which racer wins is up to the server.
 * Racing requests are held at the store's append until both have decided on
 * the same version, so that the race is a real one every time: the version
 * guard of the append alone must let one through.
 */
let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;

/** The codes a losing racer may get: the match moved on, or it is no longer the racer's decision. */
const RACE_LOSER_CODES = ['version-conflict', 'not-your-turn', 'action-not-allowed'];
const FOUR_TWO: readonly [Die, Die] = [4, 2];
/** How long held appends wait for the rest of their race before the test is failed. */
const GATE_DEADLINE_MS = 15_000;

/** The appends to hold until `expected` have arrived; `timedOut` when they never did. */
interface AppendGate {
  readonly expected: number;
  arrived: number;
  timedOut: boolean;
  readonly open: () => void;
  readonly opened: Promise<void>;
}
let gate: AppendGate | null = null;

beforeAll(async () => {
  s = await startScriptedApp();
  alice = await s.client.register('alice');
  bob = await s.client.register('bob');
  carol = await s.client.register('carol');
  // The one seam of this file: the app's MatchStore holds the appends of a race (see holdingAppends).
  const store = s.t.app.get(MatchStore);
  const append = store.append.bind(store);
  store.append = async (...args: Parameters<MatchStore['append']>): Promise<boolean> => {
    const held = gate;
    if (held !== null && held.arrived < held.expected) {
      held.arrived++;
      if (held.arrived === held.expected) held.open();
      await held.opened;
    }
    return append(...args);
  };
});
beforeEach(() => {
  s.dice.reset();
  // Racing rolls may each draw a throw before one of them is refused: a queue of one kind of throw keeps the plan.
  s.dice.scriptAny(...Array.from({ length: 400 }, () => FOUR_TWO));
});
afterEach(() => expect(s.dice.failures).toEqual([]));
afterAll(() => s.t.close());

/** A 5-point backgammon match, alice white, bob joined: alice to play her opening 4-2. */
async function newMatch(): Promise<MatchStateJson> {
  const created = await s.client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 5, colour: 'white' });
  const joined = await s.client.ok(bob, created.id, 'join');
  expect(joined.turn).toMatchObject({ player: 'white', awaiting: 'play' });
  return joined;
}

const seatOf = (colour: Colour): Player => (colour === 'white' ? alice : bob);

/** The first legal play of the roll on the board, as moves. */
async function firstPlay(matchId: string): Promise<{ moves: unknown }> {
  const { plays } = await s.client.legalPlays(matchId);
  expect(plays.length).toBeGreaterThan(0);
  return { moves: plays[0].moves };
}

/** The version and every event, to show that nothing was appended. */
async function logOf(matchId: string): Promise<{ version: number; events: EventJson[] }> {
  return { version: (await s.client.state(matchId)).version, events: await s.client.events(matchId) };
}

/** The player on turn's next step, whatever it is (roll, or the first legal play). */
async function step(matchId: string): Promise<MatchStateJson> {
  const state = await s.client.state(matchId);
  const player = seatOf(state.turn.player!);
  if (state.turn.awaiting === 'roll') return s.client.ok(player, matchId, 'roll');
  return s.client.ok(player, matchId, 'plays', await firstPlay(matchId));
}

const ACTION_EVENT: Record<string, string> = { roll: 'roll', plays: 'play' };

/** Runs `body` with the first `expected` appends held until all of them have arrived. */
async function holdingAppends<T>(expected: number, body: () => Promise<T>): Promise<T> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held: AppendGate = { expected, arrived: 0, timedOut: false, open, opened };
  const timer = setTimeout(() => {
    held.timedOut = true;
    open();
  }, GATE_DEADLINE_MS);
  gate = held;
  try {
    return await body();
  } finally {
    clearTimeout(timer);
    gate = null;
    expect({ arrived: held.arrived, timedOut: held.timedOut }).toEqual({ arrived: expected, timedOut: false });
  }
}

/**
 * Sends the same action twice at once as `player`, with `bodies` and
 * `headers`, and checks that exactly one was written: one 200, one 409, the
 * version of the answer is the match's, and the events since hold exactly one
 * event of the action's type by the racer, first.
 */
async function race(
  matchId: string,
  action: 'roll' | 'plays',
  bodies: readonly [Record<string, unknown>, Record<string, unknown>],
  headers: readonly [Record<string, string>, Record<string, string>] = [{}, {}],
): Promise<{ won: MatchStateJson; lost: ProblemJson; before: number }> {
  const before = await s.client.state(matchId);
  const colour = before.turn.player!;
  // Both decide on the same version before either appends (the loser's retry, if any, is not held).
  const answers = await holdingAppends(2, () =>
    Promise.all(bodies.map((body, i) => s.client.act(seatOf(colour), matchId, action, body, headers[i]))),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  const won = answers.find((r) => r.status === 200)!.body as MatchStateJson;
  const loser = answers.find((r) => r.status === 409)!;
  expectProblem(loser);
  const lost = loser.body as ProblemJson;
  expect(RACE_LOSER_CODES).toContain(lost.code);
  const after = await logOf(matchId);
  expect(after.version).toBe(won.version);
  const appended = after.events.filter((e) => e.seq > before.version);
  expect(appended[0]).toMatchObject({ seq: before.version + 1, type: ACTION_EVENT[action], by: colour });
  expect(appended.filter((e) => e.type === ACTION_EVENT[action] && e.by === colour)).toHaveLength(1);
  return { won, lost, before: before.version };
}

describe('racing identical actions: exactly one is written', () => {
  it('two identical plays, then two rolls, then two plays, each pair with expectedVersion: one 200, one version-conflict naming the winner’s version', async () => {
    const match = await newMatch();
    for (const action of ['plays', 'roll', 'plays'] as const) {
      const state = await s.client.state(match.id);
      const body = { expectedVersion: state.version, ...(action === 'plays' ? await firstPlay(match.id) : {}) };
      const { won, lost } = await race(match.id, action, [body, body]);
      expect(lost).toMatchObject({ code: 'version-conflict', currentVersion: won.version });
    }
  });

  it('the same pairs without a version: one 200, and the other refused by the rules once it sees the first', async () => {
    const match = await newMatch();
    const codes: string[] = [];
    for (const action of ['plays', 'roll', 'plays', 'roll', 'plays'] as const) {
      const body = action === 'plays' ? await firstPlay(match.id) : {};
      codes.push((await race(match.id, action, [body, body])).lost.code);
    }
    // The loser retries on the state after the winner: the turn has passed, or the roll is made.
    expect(codes).toEqual([
      'not-your-turn',
      'action-not-allowed',
      'not-your-turn',
      'action-not-allowed',
      'not-your-turn',
    ]);
  });

  it('the same pairs with If-Match: one 200, one version-conflict', async () => {
    const match = await newMatch();
    for (const action of ['plays', 'roll', 'plays'] as const) {
      const state = await s.client.state(match.id);
      const body = action === 'plays' ? await firstPlay(match.id) : {};
      const tag = { 'If-Match': `"${state.version}"` };
      const { won, lost } = await race(match.id, action, [body, body], [tag, tag]);
      expect(lost).toMatchObject({ code: 'version-conflict', currentVersion: won.version });
    }
  });

  it('a roll and a play sent together by the player to roll: the play loses (it is not the phase for it), one roll is written', async () => {
    const match = await newMatch();
    await step(match.id); // alice plays; bob to roll
    const before = await logOf(match.id);
    expect((await s.client.state(match.id)).turn).toMatchObject({ player: 'black', awaiting: 'roll' });
    const [roll, play] = await Promise.all([
      s.client.act(bob, match.id, 'roll', { expectedVersion: before.version }),
      s.client.act(bob, match.id, 'plays', { expectedVersion: before.version, text: '13/9 13/11' }),
    ]);
    expect(roll.status).toBe(200);
    expect(play.status).toBeGreaterThanOrEqual(400);
    const after = await logOf(match.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.events[after.events.length - 1]).toMatchObject({ type: 'roll', by: 'black', dice: [4, 2] });
  });

  it('two retries with one Idempotency-Key sent at once: one acts, the other is told the key is in use or gets the replay', async () => {
    const match = await newMatch();
    await step(match.id);
    const before = await logOf(match.id);
    const key = { 'Idempotency-Key': `race-${randomUUID()}` };
    const answers = await Promise.all([0, 1].map(() => s.client.act(bob, match.id, 'roll', {}, key)));
    const outcomes = answers.map((r) =>
      r.status === 200 ? `200${r.headers['idempotent-replayed'] === 'true' ? ' replayed' : ''}` : String(r.status),
    );
    expect(outcomes.filter((o) => o === '200')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== '200')[0]).toMatch(/^(409|200 replayed)$/);
    const refused = answers.find((r) => r.status === 409);
    if (refused) expect((refused.body as ProblemJson).code).toBe('idempotency-key-in-use');
    expect((await logOf(match.id)).version).toBe(before.version + 1);
  });
});

describe('the version acted on', () => {
  it('refuses a stale expectedVersion and a stale If-Match with 409 version-conflict and the current version, appending nothing', async () => {
    const match = await newMatch();
    await step(match.id);
    await step(match.id); // bob rolled: bob to play
    const before = await logOf(match.id);
    const play = await firstPlay(match.id);
    for (const stale of [before.version - 1, 0, before.version + 1]) {
      const viaBody = await s.client.refused(bob, match.id, 'plays', 409, { ...play, expectedVersion: stale });
      expect(viaBody).toMatchObject({ code: 'version-conflict', currentVersion: before.version });
      const viaHeader = await s.client.act(bob, match.id, 'plays', play, { 'If-Match': `"${stale}"` });
      expect([viaHeader.status, (viaHeader.body as ProblemJson).code]).toEqual([409, 'version-conflict']);
      expect((viaHeader.body as ProblemJson).currentVersion).toBe(before.version);
    }
    expect(await logOf(match.id)).toEqual(before);
    // The current version, as a weak entity tag, is accepted: the header is read, not ignored.
    const done = await s.client.act(bob, match.id, 'plays', play, { 'If-Match': `W/"${before.version}"` });
    expect(done.status).toBe(200);
    expect((done.body as MatchStateJson).version).toBeGreaterThan(before.version);
  });

  it('acts on any current version for If-Match: * (RFC 9110)', async () => {
    const match = await newMatch();
    const play = await firstPlay(match.id);
    const res = await s.client.act(alice, match.id, 'plays', play, { 'If-Match': '*' });
    expect(res.status).toBe(200);
    expect((res.body as MatchStateJson).version).toBeGreaterThan(match.version);
  });

  it('refuses an If-Match that names no version with 400, appending nothing', async () => {
    const match = await newMatch();
    const before = await logOf(match.id);
    const play = await firstPlay(match.id);
    for (const tag of ['abc', '"1", "2"', 'W/"x"', '"-1"', '1.5']) {
      const res = await s.client.act(alice, match.id, 'plays', play, { 'If-Match': tag });
      expectProblem(res);
      expect([tag, res.status, (res.body as ProblemJson).code]).toEqual([tag, 400, 'invalid-parameter']);
    }
    expect(await logOf(match.id)).toEqual(before);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the stored first response, marked replayed, and acts once, even after the match moved on', async () => {
    const match = await newMatch();
    await step(match.id);
    const key = { 'Idempotency-Key': `roll-${randomUUID()}` };
    const first = await s.client.act(bob, match.id, 'roll', {}, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const afterFirst = await logOf(match.id);
    const retry = await s.client.act(bob, match.id, 'roll', {}, key);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await logOf(match.id)).toEqual(afterFirst);
    await step(match.id); // bob plays
    const later = await s.client.act(bob, match.id, 'roll', {}, key);
    expect([later.status, later.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(later.body).toEqual(first.body);
    expect((await logOf(match.id)).version).toBe(afterFirst.version + 1);
  });

  it('refuses the same key with another body or on another action with 422 idempotency-key-reused, appending nothing', async () => {
    const match = await newMatch();
    const key = { 'Idempotency-Key': `play-${randomUUID()}` };
    const play = await firstPlay(match.id);
    expect((await s.client.act(alice, match.id, 'plays', play, key)).status).toBe(200);
    const before = await logOf(match.id);
    for (const [action, body] of [
      ['plays', { ...play, expectedVersion: before.version }],
      ['plays', { text: '13/9 13/11' }],
      ['resign', { value: 1 }],
    ] as const) {
      const res = await s.client.act(alice, match.id, action, body, key);
      expectProblem(res);
      expect([action, res.status, (res.body as ProblemJson).code]).toEqual([action, 422, 'idempotency-key-reused']);
    }
    expect(await logOf(match.id)).toEqual(before);
  });

  it('gives up the key of a refused request, so that the same request runs afresh once it can succeed', async () => {
    const match = await newMatch();
    const key = { 'Idempotency-Key': `early-roll-${randomUUID()}` };
    const early = await s.client.act(bob, match.id, 'roll', {}, key);
    expect([early.status, (early.body as ProblemJson).code]).toEqual([409, 'not-your-turn']);
    await step(match.id); // alice plays: bob to roll
    const now = await s.client.act(bob, match.id, 'roll', {}, key);
    expect([now.status, now.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect((now.body as MatchStateJson).turn).toMatchObject({ player: 'black', awaiting: 'play' });
  });

  it('keeps keys per caller: the same key from another player is another request', async () => {
    const match = await newMatch();
    const key = { 'Idempotency-Key': `shared-${randomUUID()}` };
    expect((await s.client.act(alice, match.id, 'plays', await firstPlay(match.id), key)).status).toBe(200);
    const bobs = await s.client.act(bob, match.id, 'roll', {}, key);
    expect([bobs.status, bobs.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect((bobs.body as MatchStateJson).you).toBe('black');
  });
});

describe('refused requests append nothing', () => {
  it('malformed, out-of-turn, foreign and unauthenticated actions: each refused with its code, the log unchanged', async () => {
    const match = await newMatch();
    await step(match.id); // alice plays: bob to roll
    const id = match.id;
    type Case = [string, Player | null, string, string, Record<string, unknown>, number, string];
    const cases: Case[] = [
      ['no token', null, id, 'roll', {}, 401, 'unauthorized'],
      ['a spectator rolls', carol, id, 'roll', {}, 403, 'not-a-player'],
      ['a spectator takes the seat of a full match', carol, id, 'join', {}, 403, 'not-a-player'],
      ['a spectator resigns', carol, id, 'resign', { value: 1 }, 403, 'not-a-player'],
      ['the player not on turn rolls', alice, id, 'roll', {}, 409, 'not-your-turn'],
      ['the player not on turn plays', alice, id, 'plays', { text: '13/9 13/11' }, 409, 'not-your-turn'],
      ['the player not on turn doubles', alice, id, 'double', {}, 409, 'not-your-turn'],
      ['a play before the roll', bob, id, 'plays', { text: '13/9 13/11' }, 409, 'action-not-allowed'],
      ['a take with no double offered', bob, id, 'take', {}, 409, 'action-not-allowed'],
      ['an answer to no resignation', bob, id, 'resignation/accept', {}, 409, 'action-not-allowed'],
      ['a timeout claim without a clock', bob, id, 'claim-timeout', {}, 409, 'action-not-allowed'],
      ['an abort after the opening throw', bob, id, 'abort', {}, 409, 'action-not-allowed'],
      ['a spectator leaves', carol, id, 'leave', {}, 403, 'not-a-player'],
      ['a join by a seated player', bob, id, 'join', {}, 409, 'action-not-allowed'],
      ['a resignation for 4', bob, id, 'resign', { value: 4 }, 400, 'validation-failed'],
      ['a negative expectedVersion', bob, id, 'roll', { expectedVersion: -1 }, 400, 'validation-failed'],
      ['a string expectedVersion', bob, id, 'roll', { expectedVersion: '7' }, 400, 'validation-failed'],
      ['an unknown field', bob, id, 'roll', { dice: [6, 6] }, 400, 'validation-failed'],
      ['moves that are not moves', bob, id, 'plays', { moves: 'all of them' }, 400, 'validation-failed'],
      ['moves off the board', bob, id, 'plays', { moves: [{ from: 26, to: -1 }] }, 400, 'validation-failed'],
      ['moves and text', bob, id, 'plays', { moves: [{ from: 13, to: 9 }], text: '13/9' }, 400, 'validation-failed'],
      ['an unknown match', bob, randomUUID(), 'roll', {}, 404, 'match-not-found'],
      ['a match id that is no UUID', bob, 'not-a-match', 'roll', {}, 404, 'match-not-found'],
    ];
    await checkRefusals(id, cases);
    await s.client.ok(bob, id, 'roll');
    const illegal: Case[] = [
      ['moves the dice do not allow', bob, id, 'plays', { moves: [{ from: 13, to: 8 }] }, 422, 'illegal-play'],
      ['half a play', bob, id, 'plays', { moves: [{ from: 13, to: 9 }] }, 422, 'illegal-play'],
      ['text that is no play', bob, id, 'plays', { text: 'nonsense' }, 422, 'illegal-play'],
      ['a play from an empty point', bob, id, 'plays', { text: '20/16 20/18' }, 422, 'illegal-play'],
      ['a second roll', bob, id, 'roll', {}, 409, 'action-not-allowed'],
      ['a double after the roll', bob, id, 'double', {}, 409, 'action-not-allowed'],
    ];
    await checkRefusals(id, illegal);
  });
});

/** Sends each case and checks its status and code, and that the match's log is as it was before all of them. */
async function checkRefusals(
  matchId: string,
  cases: ReadonlyArray<[string, Player | null, string, string, Record<string, unknown>, number, string]>,
): Promise<void> {
  const before = await logOf(matchId);
  const answers: Array<[string, number, string]> = [];
  for (const [what, player, id, action, body] of cases) {
    const res: request.Response = await s.client.act(player, id, action, body);
    const problem = String(res.headers['content-type']).startsWith('application/problem+json');
    answers.push([
      what,
      res.status,
      problem ? (res.body as ProblemJson).code : `not a problem: ${res.text.slice(0, 80)}`,
    ]);
  }
  expect(answers).toEqual(cases.map(([what, , , , , status, code]) => [what, status, code]));
  expect(await logOf(matchId)).toEqual(before);
}

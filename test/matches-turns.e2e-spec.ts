import request from 'supertest';
import type { Colour, EventJson, MatchStateJson, Player, ProblemJson } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';
import type { ScriptedThrow } from './support/scripted-dice.js';

/**
 * Who may act, and what a refused action leaves behind (docs/architecture.md
 * "Errors", "API conventions"): out-of-turn and foreign actions, illegal
 * plays, stale versions, the secrecy of the dice seed, and autoPlayForced.
 * Alice is white and Bob black; Carol is a stranger to their matches.
 */

let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;
let seat: Record<Colour, Player>;

beforeAll(async () => {
  s = await startScriptedApp();
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => s.client.register(n)));
  seat = { white: alice, black: bob };
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

const start = (terms: Record<string, unknown>, throws: readonly ScriptedThrow[]): Promise<string> =>
  startScriptedMatch(s, alice, bob, terms, throws);

/** Everything a reader can see of the match: the state for both players and the log. */
async function snapshot(id: string): Promise<{ white: MatchStateJson; black: MatchStateJson; events: EventJson[] }> {
  return {
    white: await s.client.state(id, seat.white),
    black: await s.client.state(id, seat.black),
    events: await s.client.events(id),
  };
}

describe('refused actions append nothing', () => {
  it('out-of-turn actions answer 409 not-your-turn, a stranger 403 not-a-player, no token 401', async () => {
    const id = await start({ variant: 'backgammon', length: 3 }, [[3, 1]]);
    const before = await snapshot(id);
    expect(before.white.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    expect(before.black.actions).not.toEqual(expect.arrayContaining(['plays']));
    const moves = [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ];

    for (const [action, body] of [
      ['plays', { moves }],
      ['roll', {}],
      ['double', {}],
    ] as const) {
      const res = await s.client.act(bob, id, action, body);
      expect([action, res.status, (res.body as ProblemJson).code]).toEqual([action, 409, 'not-your-turn']);
    }
    for (const [action, body] of [
      ['plays', { moves }],
      ['roll', {}],
      ['double', {}],
      ['resign', { value: 1 }],
      ['abort', {}],
      ['claim-timeout', {}],
    ] as const) {
      const res = await s.client.act(carol, id, action, body);
      expect([action, res.status, (res.body as ProblemJson).code]).toEqual([action, 403, 'not-a-player']);
      const anonymous = await s.client.act(null, id, action, body);
      expect([action, anonymous.status]).toEqual([action, 401]);
    }
    expect((await s.client.state(id, carol)).actions).toEqual([]);
    expect(await snapshot(id)).toEqual(before);
  });

  it.each([
    ['backgammon', 'one die of 3-1 when both can be played', 'must-use-both-dice', [{ from: 8, to: 5 }]],
    [
      'long-nardy',
      'two checkers off the head',
      'head-rule',
      [
        { from: 24, to: 21 },
        { from: 24, to: 23 },
      ],
    ],
  ])('%s: %s answers 422 illegal-play with the reason %s', async (variant, _name, reason, moves) => {
    const id = await start({ variant, length: 3 }, [[3, 1]]);
    const before = await snapshot(id);
    const res = await s.client.act(alice, id, 'plays', { moves });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'illegal-play', reason });
    expect(await snapshot(id)).toEqual(before);
    // The right play goes through, as moves or as text.
    const { plays } = await s.client.legalPlays(id, alice);
    expect(plays.length).toBeGreaterThan(0);
    const played = await s.client.ok(alice, id, 'plays', { text: plays[plays.length - 1].text });
    expect(played.version).toBeGreaterThan(before.white.version);
  });
});

describe('a roll with no legal play', () => {
  it('passes the turn at once: the roll is recorded, no play, and the opponent is on roll', async () => {
    // White slots its 5 point (2-1), black hits it from its 24 (4-1), and white's 6-6 cannot enter:
    // its 19 is black's 6 point, held by five checkers (B3, B4, C3).
    const id = await start({ variant: 'backgammon', length: 3 }, [
      [2, 1],
      [4, 1],
      [6, 6],
    ]);
    await s.client.ok(alice, id, 'plays', { text: '13/11 6/5' });
    await s.client.ok(bob, id, 'roll');
    const { plays } = await s.client.legalPlays(id, bob);
    const hit = plays.find((p) => (p.position as { opponent: { bar: number } }).opponent.bar === 1);
    expect(hit).toBeDefined();
    let state = await s.client.ok(bob, id, 'plays', { moves: hit!.moves });
    expect(state.game.board.white.bar).toBe(1);
    const before = state.version;
    state = await s.client.ok(alice, id, 'roll');
    expect(state.turn).toMatchObject({ player: 'black', awaiting: 'roll' });
    expect(state.game.board.white.bar).toBe(1);
    const events = await s.client.events(id);
    expect(events.slice(before)).toMatchObject([{ type: 'roll', by: 'white', dice: [6, 6] }]);
  });
});

describe('the version acted on (expectedVersion, If-Match)', () => {
  it('a stale version answers 409 version-conflict with the current version; the current one acts', async () => {
    const id = await start({ variant: 'backgammon', length: 3 }, [[3, 1]]);
    const state = await s.client.state(id, alice);
    const { plays } = await s.client.legalPlays(id, alice);
    const moves = plays[0].moves;

    const stale = await s.client.act(alice, id, 'plays', { moves, expectedVersion: state.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version-conflict', currentVersion: state.version });
    const staleHeader = await s.client.act(alice, id, 'plays', { moves }, { 'If-Match': `"${state.version - 1}"` });
    expect(staleHeader.status).toBe(409);
    expect(staleHeader.body).toMatchObject({ code: 'version-conflict', currentVersion: state.version });
    expect((await s.client.state(id)).version).toBe(state.version);

    const res = await s.client.act(alice, id, 'plays', { moves }, { 'If-Match': `"${state.version}"` });
    expect(res.status).toBe(200);
    expect((res.body as MatchStateJson).version).toBe(state.version + 1);
    const again = await s.client.act(bob, id, 'roll', { expectedVersion: state.version });
    expect(again.body).toMatchObject({ code: 'version-conflict', currentVersion: state.version + 1 });
  });
});

describe('the dice seed', () => {
  it('appears in no response before the match ends, and in the state and fairness once it has', async () => {
    s.client.recording = true;
    s.client.transcript.length = 0;
    try {
      const created = await s.client.create(alice, {
        variant: 'backgammon',
        length: 1,
        opponent: 'bob',
        colour: 'white',
      });
      const id = created.id;
      s.dice.script(id, [3, 1], [6, 5]);
      await s.client.ok(bob, id, 'join');
      const { plays } = await s.client.legalPlays(id, alice);
      await s.client.ok(alice, id, 'plays', { moves: plays[0].moves });
      await s.client.ok(bob, id, 'roll');
      await s.client.legalPlays(id, bob);
      await s.client.events(id);
      for (let seq = 1; seq <= (await s.client.state(id)).version; seq++) await s.client.position(id, seq);
      expect((await s.client.fairness(id)).seed).toBeNull();
      await s.client.get('/api/users/me/matches', alice);
      await s.client.get('/api/users/me/matches?awaiting=me', bob);
      await s.client.ok(bob, id, 'resign', { value: 1 });
      const transcriptBeforeEnd = s.client.transcript.join('\n');
      const final = await s.client.ok(alice, id, 'resignation/accept');
      expect(final).toMatchObject({ status: 'finished', result: { winner: 'white', reason: 'points' } });
      const seed = final.fairness!.seed!;
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(transcriptBeforeEnd.length).toBeGreaterThan(1000);
      expect(transcriptBeforeEnd).not.toContain(seed);
      expect(transcriptBeforeEnd.toUpperCase()).not.toContain(seed.toUpperCase());
      expect(Buffer.from(transcriptBeforeEnd).includes(Buffer.from(seed, 'hex').toString('base64'))).toBe(false);
      expect((await s.client.fairness(id)).seed).toBe(seed);
    } finally {
      s.client.recording = false;
    }
  });
});

describe('autoPlayForced (PATCH /api/users/me)', () => {
  it('plays a roll whose only legal play is forced at once, for the players who asked for it only', async () => {
    // Long nardy's opening 6-5 has one play: one checker from the head plays both dice (docs/rules.md E1).
    const control = await start({ variant: 'long-nardy', length: 3 }, [[6, 5]]);
    const waiting = await s.client.state(control, alice);
    expect(waiting.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    expect((await s.client.legalPlays(control, alice)).plays).toHaveLength(1);

    const patched = await request(s.t.http)
      .patch('/api/users/me')
      .set('Authorization', `Bearer ${alice.token}`)
      .send({ autoPlayForced: true })
      .expect(200);
    expect(patched.body).toMatchObject({ username: 'alice', autoPlayForced: true });
    try {
      const id = await start({ variant: 'long-nardy', length: 3 }, [[6, 5]]);
      const state = await s.client.state(id, bob);
      expect(state.turn).toMatchObject({ player: 'black', awaiting: 'roll' });
      expect(state.game.board.white).toMatchObject({ off: 0 });
      expect(state.game.board.white.points[23]).toBe(14);
      expect(state.game.board.white.points[12]).toBe(1);
      const events = await s.client.events(id);
      expect(events.map((e) => e.type)).toEqual(['join', 'join', 'opening-roll', 'play']);
      expect(events[3]).toMatchObject({ type: 'play', by: 'white' });
    } finally {
      await s.client.setAutoPlayForced(alice, false);
    }
  });

  it('refuses a setting that is not a boolean', async () => {
    const res = await request(s.t.http)
      .patch('/api/users/me')
      .set('Authorization', `Bearer ${carol.token}`)
      .send({ autoPlayForced: 'yes' })
      .expect(400);
    expect((res.body as ProblemJson).code).toBe('validation-failed');
  });
});

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ListJson, MatchStateJson, Player, ProblemJson } from './support/match-client.js';
import { startScriptedApp, type ScriptedApp } from './support/scripted-app.js';
import type { ScriptedThrow } from './support/scripted-dice.js';

/**
 * A match's life over HTTP (docs/architecture.md "Match state JSON", "API
 * conventions", "Errors"): terms refused at creation, invitations to a named
 * player and open challenges, join, decline, abort, the lists and the inbox.
 */

let s: ScriptedApp;
let alice: Player;
let bob: Player;
let carol: Player;
let dave: Player;

beforeAll(async () => {
  s = await startScriptedApp();
  [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => s.client.register(n)));
});
afterAll(() => s.t.close());
afterEach(() => {
  expect(s.dice.failures).toEqual([]);
  s.dice.reset();
});

async function invite(by: Player, terms: Record<string, unknown>, throws: readonly ScriptedThrow[] = []) {
  const created = await s.client.create(by, { variant: 'backgammon', length: 3, ...terms });
  s.dice.script(created.id, ...throws);
  return created;
}

const eventCount = async (id: string): Promise<number> => (await s.client.events(id)).length;

describe('creating a match', () => {
  it.each([
    ['an unknown variant', { variant: 'chess', length: 3 }],
    ['a length over 64', { variant: 'backgammon', length: 65 }],
    ['a negative length', { variant: 'backgammon', length: -1 }],
    ['daysPerTurn 15', { variant: 'backgammon', length: 3, daysPerTurn: 15 }],
    ['an unknown field', { variant: 'backgammon', length: 3, stake: 10 }],
  ])('refuses %s with 400 validation-failed', async (_name, body) => {
    const res = await s.client.createRaw(alice, body).expect(400);
    expect((res.body as ProblemJson).code).toBe('validation-failed');
  });

  it.each([
    ['Jacoby', { jacoby: true }, 'rules.jacoby'],
    ['beavers', { beavers: true }, 'rules.beavers'],
    ['automatic doubles', { automaticDoubles: 1 }, 'rules.automaticDoubles'],
  ])('refuses %s in a match (money sessions only, M4) with 400 invalid-match-terms', async (_name, rules, field) => {
    const mine = () => s.client.get<ListJson<{ id: string }>>('/api/users/me/matches', dave);
    const before = (await mine()).items.length;
    const res = await s.client.createRaw(dave, { variant: 'backgammon', length: 5, rules }).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'invalid-match-terms', field });
    expect((await mine()).items).toHaveLength(before);
  });

  it('answers 401 without a token and 201 with the terms, a commitment and no seed', async () => {
    await s.client.createRaw(null, { variant: 'backgammon', length: 3 }).expect(401);
    const created = await invite(alice, { variant: 'long-nardy', length: 5, daysPerTurn: 3, bankDays: 7 });
    expect(created).toMatchObject({
      variant: 'long-nardy',
      length: 5,
      daysPerTurn: 3,
      status: 'invited',
      version: expect.any(Number) as unknown,
      opponent: null,
      you: expect.stringMatching(/^(white|black)$/) as unknown,
      result: null,
      actions: ['abort'],
      fairness: { commitment: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, seed: null },
    });
    expect(created.players[created.you!]).toEqual({ username: 'alice', bot: false });
  });
});

describe('an invitation to a named opponent', () => {
  it('shows each reader its actions; a third user may not join (403) and nothing is appended; the invited one joins', async () => {
    const created = await invite(alice, { opponent: 'bob', colour: 'black' }, [[5, 2]]);
    expect(created).toMatchObject({
      opponent: 'bob',
      you: 'black',
      players: { white: null, black: { username: 'alice' } },
    });
    expect((await s.client.state(created.id, bob)).actions).toEqual(expect.arrayContaining(['join', 'decline']));
    expect((await s.client.state(created.id, carol)).actions).toEqual([]);
    expect(await s.client.state(created.id)).toMatchObject({ you: null, actions: [] });

    const before = await eventCount(created.id);
    expect((await s.client.refused(carol, created.id, 'join', 403)).code).toBe('not-a-player');
    expect((await s.client.refused(carol, created.id, 'decline', 403)).code).toBe('not-a-player');
    expect(await eventCount(created.id)).toBe(before);
    expect((await s.client.state(created.id)).version).toBe(created.version);

    const joined = await s.client.ok(bob, created.id, 'join');
    expect(joined).toMatchObject({
      status: 'playing',
      you: 'white',
      players: { white: { username: 'bob' }, black: { username: 'alice' } },
      // The server threw the opening itself (5-2: white, Bob, opens).
      turn: { player: 'white', awaiting: 'play' },
      game: { dice: [5, 2] },
    });
    expect((await s.client.events(created.id)).map((e) => e.type)).toEqual(['join', 'join', 'opening-roll']);
  });

  it('the invited player declines: the match is declined and can no longer be joined', async () => {
    const created = await invite(alice, { opponent: 'bob' });
    const declined = await s.client.ok(bob, created.id, 'decline');
    expect(declined).toMatchObject({ status: 'declined', actions: [] });
    const again = await s.client.refused(bob, created.id, 'join', 409);
    expect(again.code).toBe('action-not-allowed');
    expect((await s.client.state(created.id, alice)).status).toBe('declined');
  });

  it('refuses an invitation of an unknown user and of oneself', async () => {
    const unknown = await s.client
      .createRaw(alice, { variant: 'backgammon', length: 3, opponent: 'nobody-here' })
      .expect(404);
    expect((unknown.body as ProblemJson).code).toBe('user-not-found');
    const self = await s.client.createRaw(alice, { variant: 'backgammon', length: 3, opponent: 'alice' }).expect(400);
    expect(self.body).toMatchObject({ code: 'invalid-match-terms', field: 'opponent' });
  });
});

describe('abort and leave (docs/rules.md M6)', () => {
  it('the creator aborts an invitation, or an open challenge, nobody joined', async () => {
    const created = await invite(alice, { opponent: 'bob' });
    const aborted = await s.client.ok(alice, created.id, 'abort');
    expect(aborted).toMatchObject({ status: 'aborted', actions: [] });
    expect((await s.client.refused(bob, created.id, 'join', 409)).code).toBe('action-not-allowed');
    const open = await invite(alice, {});
    expect(await s.client.ok(alice, open.id, 'abort')).toMatchObject({ status: 'aborted', actions: [] });
    expect((await s.client.refused(carol, open.id, 'join', 409)).code).toBe('action-not-allowed');
  });

  it('once the opening throw is seen neither player may abort (409 abort-too-late, not listed, nothing appended); leave is offered', async () => {
    const match = await invite(alice, { opponent: 'bob', colour: 'white' }, [[3, 1]]);
    const joined = await s.client.ok(bob, match.id, 'join');
    expect(joined.game.dice).toEqual([3, 1]);
    const before = await eventCount(match.id);
    for (const player of [alice, bob]) {
      const { actions } = await s.client.state(match.id, player);
      expect(actions).not.toContain('abort');
      expect(actions).toContain('leave');
      const refused = await s.client.refused(player, match.id, 'abort', 409);
      expect(refused).toMatchObject({ code: 'action-not-allowed', reason: 'abort-too-late' });
    }
    expect(await eventCount(match.id)).toBe(before);
    expect((await s.client.state(match.id)).status).toBe('playing');
  });

  it('leaving a match under way forfeits it: the opponent wins at the score as it stands, reason leave', async () => {
    const match = await invite(alice, { opponent: 'bob', colour: 'white' }, [[3, 1]]);
    await s.client.ok(bob, match.id, 'join');
    const left = await s.client.ok(alice, match.id, 'leave');
    expect(left).toMatchObject({
      status: 'finished',
      actions: [],
      result: { winner: 'black', reason: 'leave', score: { white: 0, black: 0 } },
    });
    expect((await s.client.events(match.id)).slice(-2)).toMatchObject([
      { type: 'leave', by: 'white' },
      { type: 'match-end', winner: 'black', reason: 'leave' },
    ]);
  });
});

describe('open challenges', () => {
  it('are listed by GET /api/matches?status=invited&open=true and joined by anyone but the creator', async () => {
    const open = await invite(carol, { colour: 'white' }, [[6, 4]]);
    const named = await invite(carol, { opponent: 'dave' });
    const listed = await s.client.get<ListJson<{ id: string }>>('/api/matches?status=invited&open=true');
    const ids = listed.items.map((m) => m.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(named.id);
    expect((await s.client.state(open.id, dave)).actions).toEqual(['join']);

    const own = await s.client.refused(carol, open.id, 'join', 409);
    expect(own).toMatchObject({ code: 'action-not-allowed', reason: 'already-joined' });
    expect((await s.client.state(open.id)).status).toBe('invited');

    const joined = await s.client.ok(dave, open.id, 'join', { clientSeed: 'dave-was-here' });
    expect(joined).toMatchObject({ status: 'playing', you: 'black', opponent: null });
    expect((await s.client.fairness(open.id)).clientSeeds).toEqual(['dave-was-here']);
    const after = await s.client.get<ListJson<{ id: string }>>('/api/matches?status=invited&open=true');
    expect(after.items.map((m) => m.id)).not.toContain(open.id);
    expect((await s.client.refused(bob, open.id, 'join', 409)).code).toBe('action-not-allowed');
  });
});

describe('the inbox: GET /api/users/me/matches?awaiting=me', () => {
  it('lists the matches where the caller must act, soonest deadline first and untimed last', async () => {
    // Players of their own, so that no other test's match is in their inboxes.
    const [erin, frank] = await Promise.all(['erin', 'frank'].map((n) => s.client.register(n)));
    const inbox = (p: Player) => s.client.get<ListJson<MatchStateJson>>('/api/users/me/matches?awaiting=me', p);
    const mine: string[] = [];
    // Erin is white in each and opens (4-1), so Erin must play; then a match where Frank must.
    for (const daysPerTurn of [3, null, 1]) {
      const m = await invite(frank, { opponent: 'erin', colour: 'black', daysPerTurn }, [[4, 1]]);
      await s.client.ok(erin, m.id, 'join');
      mine.push(m.id);
      s.clock.advance(60_000);
    }
    const franksTurn = await invite(erin, { opponent: 'frank', colour: 'white', daysPerTurn: 2 }, [[1, 4]]);
    await s.client.ok(frank, franksTurn.id, 'join');
    const invitation = await invite(frank, { opponent: 'erin' });

    // The invitation waits for Erin's answer too, with no deadline: last.
    const items = (await inbox(erin)).items;
    expect(items.map((m) => m.id)).toEqual([mine[2], mine[0], mine[1], invitation.id]);
    for (const item of items.slice(0, 3)) expect(item.turn).toMatchObject({ player: 'white', awaiting: 'play' });
    expect(items[3]).toMatchObject({ status: 'invited', opponent: 'erin' });
    expect((await inbox(frank)).items.map((m) => m.id)).toEqual([franksTurn.id]);

    // Erin plays in the soonest: it leaves her inbox.
    const { plays } = await s.client.legalPlays(mine[2], erin);
    await s.client.ok(erin, mine[2], 'plays', { moves: plays[0].moves });
    expect((await inbox(erin)).items.map((m) => m.id)).toEqual([mine[0], mine[1], invitation.id]);
  });

  it('needs a token', async () => {
    await request(s.t.http).get('/api/users/me/matches?awaiting=me').expect(401);
  });
});

describe('unknown matches', () => {
  it('answer 404 match-not-found to reads and actions', async () => {
    const id = randomUUID();
    const read = await request(s.t.http).get(`/api/matches/${id}`).expect(404);
    expect((read.body as ProblemJson).code).toBe('match-not-found');
    expect((await s.client.refused(alice, id, 'join', 404)).code).toBe('match-not-found');
    expect((await s.client.refused(alice, id, 'roll', 404)).code).toBe('match-not-found');
  });
});

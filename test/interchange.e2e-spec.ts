import { readFileSync } from 'node:fs';
import request from 'supertest';
import { mulberry32 } from '../src/engine/testing/index.js';
import { ReplayVerifier } from '../src/matches/core/replay-verifier.js';
import { GNUBG_MISSING, gnubgAvailable, gnubgCheckMat, gnubgPlayMatch } from './support/gnubg.js';
import {
  MatchClient,
  expectProblem,
  type Colour,
  type EventJson,
  type MatchStateJson,
  type Player,
  type Seats,
} from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Match interchange over HTTP (docs/architecture.md, "Interchange"): whole
 * matches played here and exported as .mat, checked by GNU Backgammon 1.07
 * itself (it imports each file, every play made again with its own `move`
 * command, and must end with the same score); .mat files gnubg writes, and
 * the JSON export, imported back; bad files refused with the game, turn and
 * reason, storing nothing. The gnubg checks are skipped where gnubg is not
 * installed, and their names say so.
 */

const GNUBG = gnubgAvailable();
const withGnubg = GNUBG ? it : it.skip;
const needsGnubg = GNUBG ? '' : ` [skipped: ${GNUBG_MISSING}]`;

let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
  carol = await client.register('carol');
});
afterAll(() => t.close());

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** Alice invites bob, bob joins; who sits where. */
async function startMatch(terms: Record<string, unknown>): Promise<{ match: MatchStateJson; seats: Seats }> {
  const created = await client.create(alice, { opponent: 'bob', colour: 'white', ...terms });
  const match = await client.ok(bob, created.id, 'join');
  return { match, seats: { white: alice, black: bob } };
}

interface Played {
  readonly id: string;
  readonly final: MatchStateJson;
  readonly events: EventJson[];
  /**
   * Whether gnubg's own export of what it read is the same text. Not after a roll shown alone before a
   * resignation: gnubg 1.07 reads those lines as written, but writes a first roll of player 1 shown
   * alone in the left column, and the result of a resignation by the player who did not roll right
   * after that roll, where it cannot read either back.
   */
  readonly sameReexport?: boolean;
}

/** A whole match between alice (white) and bob, random legal plays and cube decisions from `seed`. */
/**
 * gnubg 1.07 keeps match cubes up to 64 (MAXCUBELEVEL 7 in its matchequity.h) and crashes importing a
 * match whose cube passed 128: the random players of matches that gnubg reads double no further.
 */
const GNUBG_MAX_CUBE = 64;

async function playMatch(terms: Record<string, unknown>, seed: number, doubleRate = 0.1): Promise<Played> {
  const { match, seats } = await startMatch(terms);
  const final = await client.playUntil(match.id, seats, {
    random: mulberry32(seed),
    doubleRate,
    dropRate: 0.3,
    maxCube: GNUBG_MAX_CUBE,
  });
  expect(final.status).toBe('finished');
  return { id: match.id, final, events: await client.events(match.id) };
}

/** Plays until `colour` may double before rolling, then has it double and the other player answer. */
async function cubeAction(id: string, seats: Seats, colour: Colour, answer: 'take' | 'drop') {
  await client.playUntil(id, seats, { random: mulberry32(id.length), doubleRate: 0 }, (state) => {
    return state.turn.player === colour && state.turn.awaiting === 'roll';
  });
  await client.ok(seats[colour], id, 'double');
  await client.ok(seats[colour === 'white' ? 'black' : 'white'], id, answer);
}

/** Plays until `colour` must play, then has `resigner` resign for `value` and the other player accept. */
async function resignWhenToPlay(id: string, seats: Seats, colour: Colour, resigner: Colour, value: 1 | 2 | 3) {
  await client.playUntil(id, seats, { random: mulberry32(id.length + value), doubleRate: 0 }, (state) => {
    return state.turn.player === colour && state.turn.awaiting === 'play';
  });
  await client.ok(seats[resigner], id, 'resign', { value });
  await client.ok(seats[resigner === 'white' ? 'black' : 'white'], id, 'resignation/accept');
}

function exportMat(id: string): request.Test {
  return request(t.http).get(`/api/matches/${id}/export.mat`);
}

function exportJson(id: string): request.Test {
  return request(t.http).get(`/api/matches/${id}/export.json`);
}

function importMat(player: Player | null, text: string): request.Test {
  const req = request(t.http).post('/api/matches/import').set('Content-Type', 'text/plain');
  return (player === null ? req : req.set('Authorization', `Bearer ${player.token}`)).send(text);
}

function importJson(player: Player, document: unknown): request.Test {
  return request(t.http)
    .post('/api/matches/import')
    .set('Authorization', `Bearer ${player.token}`)
    .send(document as object);
}

async function matText(id: string): Promise<string> {
  const res = await exportMat(id).expect(200);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="match-${id}.mat"`);
  return res.text;
}

/** Each game's winner (as gnubg names the columns: white left) and points, from the game-end records. */
function results(events: readonly EventJson[]): Array<{ winner: 'left' | 'right'; points: number }> {
  return events
    .filter((e) => e.type === 'game-end')
    .map((e) => {
      const outcome = e.outcome as { winner: Colour; points: number };
      return { winner: outcome.winner === 'white' ? 'left' : 'right', points: outcome.points };
    });
}

const fromMatchLine = (text: string): string => text.slice(text.search(/^ \d+ point match$/m));

async function rowCounts(): Promise<unknown> {
  return t.prisma.$queryRawUnsafe(
    `SELECT (SELECT count(*)::int FROM matches) AS matches, (SELECT count(*)::int FROM match_events) AS events`,
  );
}

describe('export.mat', () => {
  const played: Played[] = [];

  beforeAll(async () => {
    // A double taken and a redouble dropped, then cube actions as they come; a longer match; and,
    // without the cube, resignations right after a roll.
    const cubed = await startMatch({ variant: 'backgammon', length: 5 });
    await cubeAction(cubed.match.id, cubed.seats, 'white', 'take');
    await cubeAction(cubed.match.id, cubed.seats, 'black', 'drop');
    const rest = await client.playUntil(cubed.match.id, cubed.seats, {
      random: mulberry32(1),
      doubleRate: 0.15,
      maxCube: GNUBG_MAX_CUBE,
    });
    played.push({ id: cubed.match.id, final: rest, events: await client.events(cubed.match.id) });
    played.push(await playMatch({ variant: 'backgammon', length: 5 }, 2, 0.08));
    const { match, seats } = await startMatch({ variant: 'backgammon', length: 3, rules: { cube: false } });
    await resignWhenToPlay(match.id, seats, 'white', 'white', 2);
    await resignWhenToPlay(match.id, seats, 'black', 'white', 1);
    const final = await client.playUntil(match.id, seats, { random: mulberry32(3), doubleRate: 0 });
    played.push({ id: match.id, final, events: await client.events(match.id), sameReexport: false });
  }, 300_000);

  it('writes the players, the match length and each game with its score line, turns, cube actions and results', async () => {
    for (const { id, final, events } of played) {
      const text = await matText(id);
      expect(text).toMatch(new RegExp(`^ ${final.length} point match$`, 'm'));
      expect(text).toContain('; [Player 1 "alice"]\n; [Player 2 "bob"]\n');
      const games = events.filter((e) => e.type === 'game-end').length;
      expect(text.match(/^ Game \d+$/gm)).toHaveLength(games);
      expect(text.match(/Wins \d+ points?/g)).toHaveLength(games);
      expect(text).toContain(`\n ${'alice : 0'.padEnd(31)}bob : 0\n`);
    }
    // White doubles, black takes; black redoubles and white drops: black wins the 2 points the cube was on.
    const cubed = await matText(played[0].id);
    expect(cubed).toMatch(/^ *\d+\) {2}Doubles => 2 {16}Takes$/m);
    expect(cubed).toMatch(/ Doubles => 4\n *\d+\) {2}Drops {23}Wins 2 points \n/);
    expect(played[2].events.filter((e) => e.type === 'resignation-accept')).toHaveLength(2);
  });

  withGnubg(
    `is read by gnubg 1.07 play for play, ending with the same score, and gnubg writes it back identically${needsGnubg}`,
    async () => {
      for (const { id, final, events, sameReexport } of played) {
        const text = await matText(id);
        const check = await gnubgCheckMat(text);
        expect(check.warnings).toEqual([]);
        expect(check.illegalPlays).toEqual([]);
        expect(check.playsChecked).toBe(events.filter((e) => e.type === 'play').length);
        expect(check.players).toEqual({ left: 'alice', right: 'bob' });
        expect(check.length).toBe(final.length);
        expect(check.games.map(({ winner, points }) => ({ winner, points }))).toEqual(results(events));
        expect(check.finalScore).toEqual([final.score.white, final.score.black]);
        if (sameReexport !== false) expect(fromMatchLine(check.reexported)).toBe(fromMatchLine(text));
      }
    },
    120_000,
  );

  it(`exports a match still being played: the games so far, a game under way without its result${GNUBG ? ', which gnubg reads' : needsGnubg}`, async () => {
    const { match, seats } = await startMatch({ variant: 'backgammon', length: 5 });
    let plays = 0;
    // Stopped where the player on turn may double before rolling: no roll waits for its play (gnubg
    // would read a forced one as played).
    const state = await client.playUntil(match.id, seats, { random: mulberry32(9), doubleRate: 0 }, (s) => {
      if (s.turn.awaiting === 'play') plays++;
      return plays > 6 && s.turn.awaiting === 'roll';
    });
    expect(state.status).toBe('playing');
    const text = await matText(match.id);
    expect(text).toContain(' Game 1\n');
    expect(text).not.toContain('Wins');
    if (GNUBG) {
      const check = await gnubgCheckMat(text);
      expect(check.warnings).toEqual([]);
      expect(check.illegalPlays).toEqual([]);
      const events = await client.events(match.id);
      expect(check.playsChecked).toBe(events.filter((e) => e.type === 'play').length);
      expect(check.games).toHaveLength(1);
      expect(check.games[0].winner).toBeNull();
    }
  });

  it('writes long nardy in the same layout with a "; Variant: long-nardy" header line', async () => {
    const { id, final, events } = await playMatch({ variant: 'long-nardy', length: 3 }, 4, 0.05);
    const text = await matText(id);
    expect(text).toContain('\n; Variant: long-nardy\n');
    expect(text).not.toContain('[Variation');
    expect(text).not.toContain('*');
    const imported = await importMat(carol, text).expect(201);
    const copy = imported.body as MatchStateJson;
    expect(copy).toMatchObject({ variant: 'long-nardy', status: 'finished', score: final.score });
    expect(results(await client.events(copy.id))).toEqual(results(events));
  });

  it('answers 404 problems for an unknown match', async () => {
    for (const res of [
      await exportMat('3f1c2b9e-8d4a-4e6f-9a7b-5c0d1e2f3a4b'),
      await exportJson('3f1c2b9e-8d4a-4e6f-9a7b-5c0d1e2f3a4b'),
      await exportMat('not-a-uuid'),
    ]) {
      expect(res.status).toBe(404);
      expectProblem(res);
      expect((res.body as { code: string }).code).toBe('match-not-found');
    }
  });
});

describe('import', () => {
  withGnubg(
    `reads matches gnubg 1.07 plays against itself and exports, with gnubg's results${needsGnubg}`,
    async () => {
      for (const seed of [1, 2, 3]) {
        const { mat, summary } = await gnubgPlayMatch(3, seed, { left: 'gnu-white', right: 'gnu-black' });
        const res = await importMat(carol, mat).expect(201);
        const match = res.body as MatchStateJson;
        expect(match).toMatchObject({
          status: 'finished',
          source: 'imported',
          players: { white: { username: 'gnu-white' }, black: { username: 'gnu-black' } },
          you: null,
          actions: [],
          score: { white: summary.finalScore[0], black: summary.finalScore[1] },
        });
        const events = await client.events(match.id);
        expect(results(events)).toEqual(summary.games.map(({ winner, points }) => ({ winner, points })));
        expect(events.filter((e) => e.type === 'play').length).toBe(summary.games.reduce((n, g) => n + g.plays, 0));
      }
    },
    120_000,
  );

  it('reads the committed gnubg-made files (no gnubg needed) into finished, read-only matches of the importer', async () => {
    const five = (await importMat(carol, fixture('gnubg-5-point-match.mat')).expect(201)).body as MatchStateJson;
    expect(five).toMatchObject({
      variant: 'backgammon',
      length: 5,
      status: 'finished',
      source: 'imported',
      players: { white: { username: 'alpha' }, black: { username: 'beta' } },
      score: { white: 3, black: 5 },
      result: { winner: 'black', reason: 'points', score: { white: 3, black: 5 } },
      actions: [],
    });
    const redoubles = (await importMat(carol, fixture('gnubg-5-point-match-redoubles.mat')).expect(201))
      .body as MatchStateJson;
    expect(redoubles.score).toEqual({ white: 5, black: 0 });
    const [row] = await t.prisma.$queryRawUnsafe<unknown[]>(
      `SELECT m.source, m.white_id, m.black_id, m.imported_white, m.imported_black, u.username AS creator
         FROM matches m JOIN users u ON u.id = m.creator_id WHERE m.id = $1::uuid`,
      five.id,
    );
    expect(row).toEqual({
      source: 'imported',
      white_id: null,
      black_id: null,
      imported_white: 'alpha',
      imported_black: 'beta',
      creator: 'carol',
    });
    // Read-only: nobody is seated, so every action is refused, the importer's too.
    for (const action of ['roll', 'double', 'resign', 'leave', 'claim-timeout']) {
      const problem = await client.refused(carol, five.id, action, 403, action === 'resign' ? { value: 1 } : {});
      expect(problem.code).toBe('not-a-player');
    }
    expect((await client.state(five.id, carol)).you).toBeNull();
    // Its dice came from the file: no commitment is claimed, and there is no fairness record.
    expect(five.fairness).toBeNull();
    const fairness = await request(t.http).get(`/api/matches/${five.id}/fairness`);
    expect(fairness.status).toBe(404);
    expect(fairness.body).toMatchObject({ code: 'imported-match' });
    // The stored log replays like a played match: `npm run verify:replay` finds nothing to report.
    const verifier = t.app.get(ReplayVerifier, { strict: false });
    for (const id of [five.id, redoubles.id]) expect((await verifier.verify(id)).differences).toEqual([]);
  });

  it('round-trips export.json: the import has the same events, players and final score', async () => {
    const sources = [
      await playMatch({ variant: 'backgammon', length: 3 }, 5, 0.15),
      await playMatch({ variant: 'long-nardy', length: 1 }, 6, 0.1),
    ];
    for (const { id, final } of sources) {
      const exported = await exportJson(id).expect(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="match-${id}.json"`);
      const document = exported.body as { events: unknown[]; players: unknown; rules: unknown };
      expect(document).toMatchObject({ format: 'nardy-match-log', formatVersion: 1, id, source: 'played' });
      expect(document.players).toEqual({ white: 'alice', black: 'bob' });
      const copy = (await importJson(carol, document).expect(201)).body as MatchStateJson;
      expect(copy).toMatchObject({ status: 'finished', source: 'imported', score: final.score, rules: final.rules });
      const again = (await exportJson(copy.id).expect(200)).body as typeof document;
      expect(again.events).toEqual(document.events);
      expect(again).toMatchObject({ source: 'imported', players: document.players, rules: document.rules });
    }
  });

  it('refuses bad files with 400 invalid-match-file naming the game, turn and reason, and stores nothing', async () => {
    const before = await rowCounts();
    const five = fixture('gnubg-5-point-match.mat');
    const lines = five.split('\n');
    const edited = (n: number, line: string) => lines.map((l, i) => (i === n - 1 ? line : l)).join('\n');
    const cases: Array<[string, string, Record<string, unknown>]> = [
      [
        'a play leaving a die unused',
        edited(9, '  2) 65: 24/18                   11: 15/14 14/13 6/5 6/5'),
        { reason: 'must-use-both-dice', game: 1, turn: 2, line: 9 },
      ],
      [
        'a score line the games do not give',
        edited(22, ' alpha : 1                      beta : 1'),
        { reason: 'score-mismatch', game: 2 },
      ],
      [
        'a result the game does not give',
        edited(19, ' 12)  Drops                       Wins 2 points '),
        { reason: 'result-mismatch', game: 1, turn: 12 },
      ],
      ['a match that is not over', lines.slice(0, 20).join('\n'), { reason: 'match-unfinished', game: 1 }],
      ['text that is no .mat file', 'hello, world', { reason: 'not-a-match-file', game: null }],
    ];
    for (const [what, text, fault] of cases) {
      const res = await importMat(carol, text);
      expect([what, res.status]).toEqual([what, 400]);
      expectProblem(res);
      expect([what, res.body]).toEqual([what, expect.objectContaining({ code: 'invalid-match-file', ...fault })]);
      expect((res.body as { detail: string }).detail).toMatch(/\S/);
    }
    const { id } = await playMatch({ variant: 'backgammon', length: 1 }, 7, 0);
    const document = (await exportJson(id).expect(200)).body as { events: Array<Record<string, unknown>> };
    const firstPlay = document.events.findIndex((e) => e.type === 'play');
    // 14 pips: no roll moves one checker that far.
    const badPlay = document.events.map((e, i) => (i === firstPlay ? { ...e, moves: [{ from: 24, to: 10 }] } : e));
    for (const [what, events, fault] of [
      ['an illegal play', badPlay, { reason: 'wrong-distance', event: firstPlay + 1, game: 1 }],
      [
        'an unknown field',
        document.events.map((e, i) => (i === 0 ? { ...e, admin: true } : e)),
        { reason: 'bad-event', event: 1 },
      ],
      ['a log cut short', document.events.slice(0, firstPlay + 1), { reason: 'match-unfinished' }],
    ] as const) {
      const res = await importJson(carol, { ...document, events });
      expect([what, res.status]).toEqual([what, 400]);
      expect([what, res.body]).toEqual([what, expect.objectContaining({ code: 'invalid-match-file', ...fault })]);
    }
    const shapeless = await importJson(carol, { format: 'nardy-match-log', formatVersion: 2, events: [] });
    expect(shapeless.status).toBe(400);
    expect((shapeless.body as { code: string }).code).toBe('validation-failed');
    expect((await importMat(null, five)).status).toBe(401);
    const html = await request(t.http)
      .post('/api/matches/import')
      .set('Authorization', `Bearer ${carol.token}`)
      .set('Content-Type', 'text/html')
      .send('<p>');
    expect([html.status, (html.body as { code: string }).code]).toEqual([415, 'unsupported-media-type']);
    expect((html.body as { detail: string }).detail).toContain('application/json or text/plain');
    expect((await importMat(carol, five + ';'.repeat(1024 * 1024))).status).toBe(413);
    const after = await rowCounts();
    // The one match played here for its log is all that was added.
    expect(after).toEqual([
      {
        matches: (before as Array<{ matches: number }>)[0].matches + 1,
        events: (before as Array<{ events: number }>)[0].events + document.events.length,
      },
    ]);
  });

  it('keeps text/plain bodies refused on every other route, as before', async () => {
    const res = await request(t.http)
      .post('/api/matches')
      .set('Authorization', `Bearer ${carol.token}`)
      .set('Content-Type', 'text/plain')
      .send('x');
    expect([res.status, (res.body as { code: string }).code]).toEqual([415, 'unsupported-media-type']);
    expect((res.body as { detail: string }).detail).toBe('Request bodies must be application/json (got text/plain).');
  });

  it('imports once per Idempotency-Key', async () => {
    const text = fixture('gnubg-5-point-match-redoubles.mat');
    const send = () => importMat(carol, text).set('Idempotency-Key', 'import-once');
    const first = (await send().expect(201)).body as MatchStateJson;
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body as MatchStateJson).id).toBe(first.id);
  });
});

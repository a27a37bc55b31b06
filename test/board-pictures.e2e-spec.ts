import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { OpenAPIObject } from '@nestjs/swagger';
import { PNG } from 'pngjs';
import request from 'supertest';
import type { Colour, Variant } from '../src/engine/index.js';
import {
  checkerCentre,
  cubeCentre,
  diceCentres,
  HEIGHT,
  pointSlot,
  WIDTH,
  trayPlace,
  trayRect,
  type Point2,
  type Seat,
} from '../src/board-drawing/board-geometry.js';
import { BOARD_COLOURS, CHECKER_COLOURS, pointColour } from '../src/board-drawing/board-colours.js';
import { CHROMIUM_PLACES, findChromium } from './support/chromium.js';
import { expectProblem, type Player, type ProblemJson } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * The board pictures (docs/architecture.md, "Board pictures") over HTTP, and
 * drawn: each SVG is rendered by headless Chromium and its pixels are read
 * where the geometry the renderer uses puts checkers, points, dice and cube.
 * A picture that is not valid SVG, or draws a checker on the wrong point,
 * fails here.
 */

const CHROMIUM = findChromium();
if (CHROMIUM === null) {
  console.warn(`board-pictures: no Chromium (${CHROMIUM_PLACES}): the pixel tests are SKIPPED.`);
}
const describeInChromium = CHROMIUM === null ? describe.skip : describe;
/** Chromium takes a second or three to start, once or twice per test. */
const RENDER_TIMEOUT = 120_000;
const IN_CHROMIUM =
  CHROMIUM === null ? 'drawn (SKIPPED: Chromium is not installed)' : 'drawn by headless Chromium, read pixel by pixel';

let s: ScriptedApp;
let alice: Player;
let bob: Player;
let workDir: string;

beforeAll(async () => {
  s = await startScriptedApp();
  alice = await s.client.register('alice');
  bob = await s.client.register('bob');
  workDir = mkdtempSync(join(tmpdir(), 'board-pictures-'));
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await s.t.close();
});

/** GET, with the body as text whatever its media type. */
function get(path: string, player: Player | null = null): request.Test {
  const req = request(s.t.http)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });
  return player === null ? req : req.set('Authorization', `Bearer ${player.token}`);
}

async function svg(path: string, player: Player | null = null): Promise<string> {
  const res = await get(path, player);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${String(res.body)}`);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  return res.body as string;
}

async function problem(path: string, status: number): Promise<ProblemJson> {
  const res = await request(s.t.http).get(path);
  expect([path, res.status]).toEqual([path, status]);
  expectProblem(res);
  return res.body as ProblemJson;
}

const positionPath = (variant: Variant, position: string, perspective?: 'player' | 'opponent') =>
  `/api/positions/board.svg?variant=${variant}&position=${encodeURIComponent(position)}` +
  (perspective ? `&perspective=${perspective}` : '');

const points = (counts: Record<number, number>): number[] => {
  const all = new Array<number>(24).fill(0);
  for (const [p, n] of Object.entries(counts)) all[Number(p) - 1] = n;
  return all;
};
const LONG_NARDY_START = JSON.stringify({
  player: { points: points({ 24: 15 }) },
  opponent: { points: points({ 24: 15 }) },
});

// ---- Drawing with Chromium and reading the pixels ----------------------------------------------------

let renders = 0;
const run = promisify(execFile);

/** The SVG as Chromium draws it, at one device pixel per SVG unit. */
async function render(source: string): Promise<PNG> {
  const name = `board-${++renders}`;
  const file = join(workDir, `${name}.svg`);
  const shot = join(workDir, `${name}.png`);
  writeFileSync(file, source);
  await run(
    CHROMIUM!,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--no-first-run',
      '--force-device-scale-factor=1',
      `--user-data-dir=${join(workDir, `profile-${name}`)}`,
      `--window-size=${WIDTH},${HEIGHT}`,
      `--screenshot=${shot}`,
      pathToFileURL(file).href,
    ],
    { timeout: 60_000 },
  );
  const png = PNG.sync.read(readFileSync(shot));
  expect([png.width, png.height]).toEqual([WIDTH, HEIGHT]);
  return png;
}

const hex = (png: PNG, { x, y }: Point2): string => {
  const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
  return '#' + [0, 1, 2].map((c) => png.data[i + c].toString(16).padStart(2, '0')).join('');
};

/** The colour at `at`, as `expected` when it is within a few levels of it per channel (colour management). */
function colourAt(png: PNG, at: Point2, expected: string): string {
  const seen = hex(png, at);
  const close = [1, 3, 5].every(
    (i) => Math.abs(parseInt(seen.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= 6,
  );
  return close ? expected : seen;
}

/** Expects each [what, where, colour]: the messages name what was looked for. */
function expectColours(png: PNG, checks: readonly (readonly [string, Point2, string])[]): void {
  const seen = checks.map(([what, at, colour]) => `${what}: ${colourAt(png, at, colour)}`);
  expect(seen).toEqual(checks.map(([what, , colour]) => `${what}: ${colour}`));
}

/**
 * What a stack looks like: a checker of `colour` on each of the first `count`
 * places (up to five) of `colour`'s point `point`, and the empty point's
 * colour on the place after the last one.
 */
function stack(
  variant: Variant,
  viewer: Colour,
  colour: Colour,
  point: number,
  count: number,
): (readonly [string, Point2, string])[] {
  const slot = pointSlot(variant, viewer, colour, point);
  const checks: (readonly [string, Point2, string])[] = [];
  for (let i = 0; i < Math.min(count, 5); i++) {
    checks.push([`${colour}'s ${point}-point, checker ${i + 1}`, checkerCentre(slot, i), CHECKER_COLOURS[colour].fill]);
  }
  if (count < 4)
    checks.push([`${colour}'s ${point}-point, above the stack`, checkerCentre(slot, count), pointColour(slot)]);
  return checks;
}

/** The viewer's own point `point`, empty. */
const empty = (point: number, viewer: Colour = 'white'): readonly [string, Point2, string] => {
  const slot = pointSlot('backgammon', viewer, viewer, point);
  return [`the viewer's empty ${point}-point`, checkerCentre(slot, 0), pointColour(slot)];
};

/** Some dark pixel (text) in the square around the middle of a checker: the count of a stack over five. */
function hasCount(png: PNG, centre: Point2, textColour: string): boolean {
  for (let dx = -6; dx <= 6; dx++) {
    for (let dy = -6; dy <= 6; dy++) {
      if (colourAt(png, { x: centre.x + dx, y: centre.y + dy }, textColour) === textColour) return true;
    }
  }
  return false;
}

/** A spot on a die's face clear of its pips (those sit on a grid of thirds). */
const dieFace = ({ x, y }: Point2): Point2 => ({ x, y: y + 12 });

// ---- The stateless positions ------------------------------------------------------------------------

describe('GET /api/positions/board.svg', () => {
  const START_ID = '4HPwATDgc/ABMA';

  it('answers SVG that may be kept for good and shown on any site', async () => {
    const res = await get(positionPath('backgammon', START_ID)).expect(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.body as string).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    await get(positionPath('backgammon', START_ID)).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('reads a Position ID whose + came through unencoded (a query string reads it as a space), and an XGID', async () => {
    // A position after two plays from the start; gnubg's IDs are base64 and may hold + and /.
    const id = '4HPwARLgc+IBKA';
    const encoded = await svg(positionPath('backgammon', id));
    expect(await svg(`/api/positions/board.svg?variant=backgammon&position=${id}`)).toBe(encoded);
    const start = await svg(positionPath('backgammon', START_ID));
    expect(encoded).not.toBe(start);
    expect(await svg(positionPath('backgammon', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'))).toBe(start);
  });

  it.each([
    ['an unknown variant', '/api/positions/board.svg?variant=chess&position=4HPwATDgc%2FABMA', 'validation-failed'],
    ['no position', '/api/positions/board.svg?variant=backgammon', 'validation-failed'],
    ['a bad perspective', `${positionPath('backgammon', '4HPwATDgc/ABMA')}&perspective=white`, 'validation-failed'],
    ['an unknown parameter', `${positionPath('backgammon', '4HPwATDgc/ABMA')}&size=big`, 'validation-failed'],
    ['a Position ID that is not one', positionPath('backgammon', 'not-an-id'), 'invalid-position'],
    ['a Position ID for long nardy', positionPath('long-nardy', '4HPwATDgc/ABMA'), 'invalid-position'],
    ['board JSON that does not parse', positionPath('long-nardy', '{"player": '), 'invalid-position'],
    [
      'a board with a point held by both sides',
      positionPath(
        'long-nardy',
        JSON.stringify({ player: { points: points({ 24: 15 }) }, opponent: { points: points({ 12: 15 }) } }),
      ),
      'invalid-position',
    ],
  ])('refuses %s with a 400 problem', async (_what, path, code) => {
    expect((await problem(path, 400)).code).toBe(code);
  });

  it('names the reason of a refused position', async () => {
    expect((await problem(positionPath('long-nardy', '{"player": '), 400)).reason).toBe('bad-json');
    expect((await problem(positionPath('long-nardy', '4HPwATDgc/ABMA'), 400)).reason).toBe('notation-not-for-variant');
  });

  describeInChromium(IN_CHROMIUM, () => {
    it(
      'draws the backgammon start from the side to move: its 6-point with 5, the other side’s 24-point with 2 …',
      async () => {
        const png = await render(await svg(positionPath('backgammon', START_ID)));
        expectColours(png, [
          ...[24, 13, 8, 6].flatMap((p, i) => stack('backgammon', 'white', 'white', p, [2, 5, 3, 5][i])),
          ...[24, 13, 8, 6].flatMap((p, i) => stack('backgammon', 'white', 'black', p, [2, 5, 3, 5][i])),
          ...[2, 3, 4, 5, 7, 9, 10, 11].map((p) => empty(p)),
          ['the centre of the cube’s column (no cube in a position)', cubeCentre(null), BOARD_COLOURS.frame],
        ]);
        // Where the viewer's 6-point is (bottom right of the bar), and the other side's 24-point (bottom-right corner).
        expect(pointSlot('backgammon', 'white', 'white', 6)).toEqual({ row: 'bottom', column: 6 });
        expect(pointSlot('backgammon', 'white', 'black', 24)).toEqual({ row: 'bottom', column: 11 });
      },
      RENDER_TIMEOUT,
    );

    it(
      'draws the same position from the other side when asked: the side to move’s 6-point at the top',
      async () => {
        const png = await render(await svg(positionPath('backgammon', START_ID, 'opponent')));
        expectColours(png, [
          ...stack('backgammon', 'black', 'white', 6, 5),
          ...stack('backgammon', 'black', 'black', 6, 5),
          ...stack('backgammon', 'black', 'white', 24, 2),
          empty(5, 'black'),
        ]);
        expect(pointSlot('backgammon', 'black', 'white', 6)).toEqual({ row: 'top', column: 6 });
      },
      RENDER_TIMEOUT,
    );

    it(
      'draws both long-nardy heads, in opposite corners, each stack showing its count of 15',
      async () => {
        const png = await render(await svg(positionPath('long-nardy', LONG_NARDY_START)));
        const heads = (['white', 'black'] as const).map((c) => pointSlot('long-nardy', 'white', c, 24));
        expect(heads).toEqual([
          { row: 'top', column: 11 },
          { row: 'bottom', column: 0 },
        ]);
        expectColours(png, [
          ...stack('long-nardy', 'white', 'white', 24, 15),
          ...stack('long-nardy', 'white', 'black', 24, 15),
          ...[1, 6, 11, 13, 18, 23].map((p) => {
            const slot = pointSlot('long-nardy', 'white', 'white', p);
            return [`the empty ${p}-point`, checkerCentre(slot, 0), pointColour(slot)] as const;
          }),
        ]);
        expect(hasCount(png, checkerCentre(heads[0], 4), CHECKER_COLOURS.white.text)).toBe(true);
        expect(hasCount(png, checkerCentre(heads[1], 4), CHECKER_COLOURS.black.text)).toBe(true);
        expect(hasCount(png, checkerCentre(heads[0], 3), CHECKER_COLOURS.white.text)).toBe(false);
      },
      RENDER_TIMEOUT,
    );
  });
});

// ---- A match -------------------------------------------------------------------------------------------

describe('GET /api/matches/{id}/board.svg', () => {
  let matchId: string;
  /** The seqs of the match's events by type: the opening roll, white's play, the take. */
  const seqOf: Record<string, number> = {};

  beforeAll(async () => {
    // White (alice) opens with 3-1 and plays 8/5 6/5; black (bob) doubles, white takes, black throws 6-4.
    matchId = await startScriptedMatch(s, alice, bob, { variant: 'backgammon', length: 5 }, [
      [3, 1],
      [6, 4],
    ]);
    const moves = [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ];
    await s.client.ok(alice, matchId, 'plays', { moves });
    await s.client.ok(bob, matchId, 'double');
    const state = await s.client.ok(alice, matchId, 'take');
    expect(state.game).toMatchObject({ cube: { value: 2, owner: 'white' }, dice: [6, 4] });
    for (const event of await s.client.events(matchId)) seqOf[event.type] ??= event.seq;
    expectOnlyScriptedThrows(s);
  });

  const boardPath = (query = '') => `/api/matches/${matchId}/board.svg${query}`;

  it('answers the current board to be revalidated, varying with the caller when the perspective is left out', async () => {
    const res = await get(boardPath()).expect(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/\bAuthorization\b/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await get(boardPath()).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('answers a past board as kept for good, the same picture however often asked', async () => {
    const res = await get(boardPath(`?seq=${seqOf.play}&perspective=white`)).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary ?? '').not.toMatch(/Authorization/);
    expect(await svg(boardPath(`?seq=${seqOf.play}&perspective=white`))).toBe(res.body);
  });

  it('draws by default from the caller’s side when the caller plays, else from white’s', async () => {
    const asWhite = await svg(boardPath('?perspective=white'));
    const asBlack = await svg(boardPath('?perspective=black'));
    expect(asWhite).not.toBe(asBlack);
    expect(await svg(boardPath())).toBe(asWhite);
    expect(await svg(boardPath(), alice)).toBe(asWhite);
    expect(await svg(boardPath(), bob)).toBe(asBlack);
    expect(await svg(boardPath(`?seq=${seqOf.take}`))).toBe(
      await svg(boardPath(`?seq=${seqOf.take}&perspective=white`)),
    );
    expect(asWhite).toContain('>alice</text>');
    expect(asWhite).toContain('Backgammon · 5-point match');
  });

  it('refuses a bad seq or perspective (400), and an unknown match or event (404)', async () => {
    for (const query of ['?seq=0', '?seq=abc', '?seq=1.5', '?seq=-1', '?perspective=red', '?seq=1&seq=2']) {
      expect((await problem(boardPath(query), 400)).code).toBe('validation-failed');
    }
    expect((await problem(boardPath('?seq=999'), 404)).code).toBe('event-not-found');
    const unknown = '/api/matches/00000000-0000-4000-8000-000000000000/board.svg';
    expect((await problem(unknown, 404)).code).toBe('match-not-found');
    expect((await problem('/api/matches/not-a-uuid/board.svg', 404)).code).toBe('match-not-found');
  });

  it('refuses a token that is sent but not valid, as GET /api/matches/{id} does', async () => {
    const res = await get(boardPath()).set('Authorization', 'Bearer not-a-token');
    expect(res.status).toBe(401);
  });

  it('is documented as an SVG answer with problem+json errors', async () => {
    const spec = (await request(s.t.http).get('/docs-json').expect(200)).body as OpenAPIObject;
    for (const [path, id] of [
      ['/api/matches/{id}/board.svg', 'getMatchBoardSvg'],
      ['/api/positions/board.svg', 'getPositionBoardSvg'],
    ]) {
      const op = spec.paths[path]?.get;
      expect(op?.operationId).toBe(id);
      const responses = op?.responses as Record<string, { content?: Record<string, unknown> }>;
      expect(Object.keys(responses['200'].content ?? {})).toEqual(['image/svg+xml']);
      expect(Object.keys(responses['400'].content ?? {})).toEqual(['application/problem+json']);
    }
  });

  describeInChromium(IN_CHROMIUM, () => {
    it(
      'draws the board after the opening roll: white’s dice 3-1 in its half, the cube in the middle',
      async () => {
        const png = await render(await svg(boardPath(`?seq=${seqOf['opening-roll']}&perspective=white`)));
        const [left, right] = diceCentres('bottom');
        expectColours(png, [
          ...stack('backgammon', 'white', 'white', 6, 5),
          ...stack('backgammon', 'white', 'white', 8, 3),
          ...stack('backgammon', 'white', 'black', 24, 2),
          empty(5),
          ['white’s first die', dieFace(left), CHECKER_COLOURS.white.fill],
          ['white’s second die', dieFace(right), CHECKER_COLOURS.white.fill],
          ['no die in the other half', dieFace(diceCentres('top')[0]), BOARD_COLOURS.field],
          ['the centred cube', { x: cubeCentre(null).x, y: cubeCentre(null).y + 13 }, BOARD_COLOURS.cube],
        ]);
      },
      RENDER_TIMEOUT,
    );

    it(
      'draws the board after white’s 8/5 6/5, from black’s side: white’s new 5-point at the top',
      async () => {
        const png = await render(await svg(boardPath(`?seq=${seqOf.play}&perspective=black`)));
        expectColours(png, [
          ...stack('backgammon', 'black', 'white', 5, 2),
          ...stack('backgammon', 'black', 'white', 6, 4),
          ...stack('backgammon', 'black', 'white', 8, 2),
          ...stack('backgammon', 'black', 'black', 6, 5),
          ...stack('backgammon', 'black', 'black', 24, 2),
          ...(['bottom', 'top'] as const).map(
            (seat) => [`no dice (${seat})`, dieFace(diceCentres(seat)[0]), BOARD_COLOURS.field] as const,
          ),
        ]);
        expect(pointSlot('backgammon', 'black', 'white', 5)).toEqual({ row: 'top', column: 7 });
      },
      RENDER_TIMEOUT,
    );

    it(
      'draws the board now: the cube white took on white’s side, black’s dice 6-4 in black’s half',
      async () => {
        for (const [viewer, whiteSeat] of [
          ['white', 'bottom'],
          ['black', 'top'],
        ] as const) {
          const png = await render(await svg(boardPath(`?perspective=${viewer}`)));
          const blackSeat: Seat = whiteSeat === 'bottom' ? 'top' : 'bottom';
          const cube = cubeCentre(whiteSeat);
          expectColours(png, [
            [`the cube on white’s side (${viewer} viewing)`, { x: cube.x, y: cube.y + 13 }, BOARD_COLOURS.cube],
            ['nothing in the middle of the cube’s column', cubeCentre(null), BOARD_COLOURS.frame],
            ['nothing on black’s side of it', cubeCentre(blackSeat), BOARD_COLOURS.frame],
            ...diceCentres(blackSeat).map(
              (c, i) => [`black’s die ${i + 1}`, dieFace(c), CHECKER_COLOURS.black.fill] as const,
            ),
            ...stack('backgammon', viewer, 'white', 5, 2),
          ]);
        }
      },
      RENDER_TIMEOUT,
    );
  });
});

describe('GET /api/matches/{id}/board.svg, long nardy', () => {
  let matchId: string;

  beforeAll(async () => {
    // White (alice) opens with 6-5 and takes one checker off its head with both dice: 24/18/13 (rules.md E1).
    matchId = await startScriptedMatch(s, alice, bob, { variant: 'long-nardy', length: 3 }, [[6, 5]]);
    const moves = [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ];
    const state = await s.client.ok(alice, matchId, 'plays', { moves });
    expect(state.game.board.white.points[12]).toBe(1);
    expectOnlyScriptedThrows(s);
  });

  it('names the variant and the match', async () => {
    expect(await svg(`/api/matches/${matchId}/board.svg`)).toContain('Long nardy · 3-point match');
  });

  describeInChromium(IN_CHROMIUM, () => {
    it(
      'draws it from black’s side: black’s head top right, white’s head bottom left, white’s runner on black’s 1',
      async () => {
        const png = await render(await svg(`/api/matches/${matchId}/board.svg?perspective=black`));
        // White's 13 is black's 1 (13 - 12), the bottom-right corner; white's head (its 24) is black's 12.
        expect(pointSlot('long-nardy', 'black', 'white', 13)).toEqual({ row: 'bottom', column: 11 });
        expect(pointSlot('long-nardy', 'black', 'white', 24)).toEqual({ row: 'bottom', column: 0 });
        expect(pointSlot('long-nardy', 'black', 'black', 24)).toEqual({ row: 'top', column: 11 });
        const trayOf = (seat: Seat): Point2 => {
          const tray = trayRect(trayPlace('long-nardy', seat));
          return { x: tray.x + tray.width / 2, y: tray.y + tray.height / 2 };
        };
        expectColours(png, [
          ...stack('long-nardy', 'black', 'black', 24, 15),
          ...stack('long-nardy', 'black', 'white', 24, 14),
          ...stack('long-nardy', 'black', 'white', 13, 1),
          ...stack('long-nardy', 'black', 'white', 18, 0),
          ['white’s tray, top left', trayOf('top'), BOARD_COLOURS.tray],
          ['black’s tray, bottom right', trayOf('bottom'), BOARD_COLOURS.tray],
          ['no tray at the top right', { x: trayOf('bottom').x, y: trayOf('top').y }, BOARD_COLOURS.frame],
          ['the centred cube', { x: cubeCentre(null).x, y: cubeCentre(null).y + 13 }, BOARD_COLOURS.cube],
        ]);
      },
      RENDER_TIMEOUT,
    );
  });
});

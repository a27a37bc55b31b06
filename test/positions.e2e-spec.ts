import request, { type Response } from 'supertest';
import type { Move, Position } from '../src/engine/index.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The answer of POST /api/positions/legal-plays (docs/architecture.md "Board JSON"). */
interface LegalPlaysBody {
  readonly plays: readonly {
    readonly moves: readonly Move[];
    readonly text: string;
    readonly position: Position;
    readonly positionId?: string;
  }[];
}

/** The fields of a problem+json answer these tests read. */
interface ProblemBody {
  readonly code: string;
  readonly reason?: string;
  readonly errors?: readonly { readonly field: string }[];
}

const playsOf = (res: Response): LegalPlaysBody => res.body as LegalPlaysBody;
const problemOf = (res: Response): ProblemBody => res.body as ProblemBody;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (body: unknown) =>
  request(t.http)
    .post('/api/positions/legal-plays')
    .send(body as object);
const pts = (counts: Record<number, number>) => {
  const points = new Array<number>(24).fill(0);
  for (const [p, n] of Object.entries(counts)) points[Number(p) - 1] = n;
  return points;
};
const START = pts({ 24: 2, 13: 5, 8: 3, 6: 5 });
const startBoard = { player: { points: START, bar: 0 }, opponent: { points: START, bar: 0 } };

describe('POST /api/positions/legal-plays, backgammon', () => {
  it('lists the 16 distinct plays of an opening 3-1, as GNU Backgammon 1.07 does (`legal-plays 4HPwATDgc/ABMA 3 1`)', async () => {
    const res = await post({ variant: 'backgammon', position: startBoard, dice: [3, 1] }).expect(200);
    const { plays } = playsOf(res);
    expect(plays).toHaveLength(16);
    const pointPlay = plays.find((p) => p.text === '8/5 6/5');
    // gnubg: move "8/5 6/5", result_posid "sGfwATDgc/ABMA"
    expect(pointPlay?.positionId).toBe('sGfwATDgc/ABMA');
    expect(pointPlay?.moves).toEqual([
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
    expect(pointPlay?.position.player.points.slice(0, 8)).toEqual([0, 0, 0, 0, 2, 4, 0, 2]);
    expect(pointPlay?.position.opponent).toEqual({ points: START, bar: 0, off: 0 });
  });

  it('reads the same position from a gnubg Position ID and from an XGID, with the same answer', async () => {
    const byJson = playsOf(await post({ variant: 'backgammon', position: startBoard, dice: [6, 4] }).expect(200));
    const byId = playsOf(await post({ variant: 'backgammon', position: '4HPwATDgc/ABMA', dice: [6, 4] }).expect(200));
    const byXgid = playsOf(
      await post({
        variant: 'backgammon',
        position: 'XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:0:10',
        dice: [6, 4],
      }).expect(200),
    );
    expect(byId).toEqual(byJson);
    expect(byXgid).toEqual(byJson);
  });

  it('answers {"plays": []} when no play is possible (both checkers on the bar against a closed board)', async () => {
    const player = { points: pts({ 6: 5, 8: 3, 13: 5 }), bar: 2 };
    const opponent = { points: pts({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2 }), bar: 0 };
    const res = await post({ variant: 'backgammon', position: { player, opponent }, dice: [6, 5] }).expect(200);
    expect(res.body).toEqual({ plays: [] });
  });
});

describe('POST /api/positions/legal-plays, long nardy', () => {
  it("E2: the second player's first 6-6 after a 4-2 opening is {24:13, 18:2} only (two checkers leave the head)", async () => {
    const res = await post({
      variant: 'long-nardy',
      position: { player: { points: pts({ 24: 15 }) }, opponent: { points: pts({ 24: 14, 18: 1 }) } },
      dice: [6, 6],
      firstTurn: true,
    }).expect(200);
    const { plays } = playsOf(res);
    expect(plays).toHaveLength(1);
    expect(plays[0].position.player.points).toEqual(pts({ 24: 13, 18: 2 }));
    expect(plays[0]).not.toHaveProperty('positionId');
  });

  it('E9: no legal move answers an empty list', async () => {
    const res = await post({
      variant: 'long-nardy',
      position: { player: { points: pts({ 24: 14, 5: 1 }) }, opponent: { points: pts({ 7: 1, 6: 1, 1: 13 }) } },
      dice: [6, 5],
    }).expect(200);
    expect(res.body).toEqual({ plays: [] });
  });
});

describe('POST /api/positions/legal-plays refuses bad input with a 400 and a code', () => {
  it.each([
    [
      '16 checkers',
      {
        variant: 'backgammon',
        position: { player: { points: pts({ 24: 3, 13: 5, 8: 3, 6: 5 }) }, opponent: startBoard.opponent },
        dice: [3, 1],
      },
      'wrong-checker-count',
    ],
    [
      'both sides on one point',
      {
        variant: 'backgammon',
        position: {
          player: { points: pts({ 24: 2, 13: 5, 8: 3, 6: 5 }) },
          opponent: { points: pts({ 19: 2, 13: 5, 8: 3, 6: 5 }) },
        },
        dice: [3, 1],
      },
      'shared-point',
    ],
    [
      'a bar in long nardy',
      {
        variant: 'long-nardy',
        position: { player: { points: pts({ 24: 14 }), bar: 1 }, opponent: { points: pts({ 24: 15 }) } },
        dice: [3, 1],
      },
      'bar-in-long-nardy',
    ],
    ['a garbage Position ID', { variant: 'backgammon', position: 'not-a-position', dice: [3, 1] }, 'bad-position-id'],
    ['a garbage XGID', { variant: 'backgammon', position: 'XGID=nonsense', dice: [3, 1] }, 'bad-xgid'],
    [
      'a Position ID for long nardy',
      { variant: 'long-nardy', position: '4HPwATDgc/ABMA', dice: [3, 1] },
      'notation-not-for-variant',
    ],
    [
      '23 points',
      {
        variant: 'backgammon',
        position: { player: { points: START.slice(1) }, opponent: startBoard.opponent },
        dice: [3, 1],
      },
      'bad-shape',
    ],
    [
      'negative counts',
      {
        variant: 'backgammon',
        position: { player: { points: [-1, ...START.slice(1)] }, opponent: startBoard.opponent },
        dice: [3, 1],
      },
      'bad-shape',
    ],
    [
      'fractional counts',
      {
        variant: 'backgammon',
        position: { player: { points: [0.5, ...START.slice(1)] }, opponent: startBoard.opponent },
        dice: [3, 1],
      },
      'bad-shape',
    ],
    ['a missing side', { variant: 'backgammon', position: { player: startBoard.player }, dice: [3, 1] }, 'bad-shape'],
    [
      'unknown fields in the board',
      { variant: 'backgammon', position: { ...startBoard, extra: 1 }, dice: [3, 1] },
      'bad-shape',
    ],
  ])('%s: invalid-position with reason', async (_name, body, reason) => {
    const res = await post(body).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'invalid-position', reason });
  });

  it.each([
    ['dice out of range', { variant: 'backgammon', position: startBoard, dice: [0, 7] }, 'dice'],
    ['one die', { variant: 'backgammon', position: startBoard, dice: [3] }, 'dice'],
    ['three dice', { variant: 'backgammon', position: startBoard, dice: [3, 1, 2] }, 'dice'],
    ['dice as text', { variant: 'backgammon', position: startBoard, dice: '31' }, 'dice'],
    ['an unknown variant', { variant: 'chess', position: startBoard, dice: [3, 1] }, 'variant'],
    ['a position that is an array', { variant: 'backgammon', position: [1, 2], dice: [3, 1] }, 'position'],
    [
      'firstTurn not a boolean',
      { variant: 'long-nardy', position: startBoard, dice: [3, 1], firstTurn: 'yes' },
      'firstTurn',
    ],
  ])('%s: validation-failed naming the field', async (_name, body, field) => {
    const res = await post(body).expect(400);
    const problem = problemOf(res);
    expect(problem.code).toBe('validation-failed');
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  });
});

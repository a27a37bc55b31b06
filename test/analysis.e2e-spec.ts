import { readFileSync } from 'node:fs';
import request from 'supertest';
import { GNUBG_MISSING, gnubgAvailable, gnubgPrintedStatistics } from './support/gnubg.js';
import { MatchClient, expectProblem, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * A finished match's analysis over HTTP (docs/analysis.md): asked for, followed
 * on its stream, read. Backgammon by GNU Backgammon: each player's PR and error
 * rates agree with gnubg's own `analyse match` of the service's export.mat at
 * the same settings (0 ply here, for time), within 0.3 PR, on every match of a
 * test set (matches the house bots played, `bot` against `bot-easy`, and one
 * gnubg played against itself). Long nardy by the service's own network.
 * Refusals change nothing. The gnubg parts are skipped where it is missing.
 */

const GNUBG = gnubgAvailable();
const withGnubg = GNUBG ? it : it.skip;
const needsGnubg = GNUBG ? '' : ` [skipped: ${GNUBG_MISSING}]`;

interface Figures {
  pr: number;
  chequerErrorRate: number;
  cubeErrorRate: number;
  unforcedDecisions: number;
}
interface Decision {
  seq: number;
  by: 'white' | 'black';
  kind: string;
  played: string;
  best: string;
  loss: number;
  counted: boolean;
}
interface AnalysisJson {
  id: string;
  status: string;
  progress: number;
  engine: { name: string; plies: number };
  players: { white: Figures; black: Figures } | null;
  games: { number: number; decisions: Decision[]; rolls: { seq: number; luck: number }[] }[];
}

let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await startTestApp({ ANALYSIS_GNUBG_PLIES: '0', ANALYSIS_NET_PLIES: '0', AUTH_THROTTLE_LIMIT: '1000' });
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
});
afterAll(() => t.close());

/** A problem document with `code`. */
function expectCode(res: request.Response, code: string): void {
  expectProblem(res);
  expect((res.body as { code: string }).code).toBe(code);
}

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

async function imported(file: string): Promise<string> {
  const res = await request(t.http)
    .post('/api/matches/import')
    .set('Content-Type', 'text/plain')
    .set('Authorization', `Bearer ${alice.token}`)
    .send(fixture(file))
    .expect(201);
  return (res.body as { id: string }).id;
}

function ask(player: Player | null, id: string): request.Test {
  const req = request(t.http).post(`/api/matches/${id}/analysis`);
  return player === null ? req : req.set('Authorization', `Bearer ${player.token}`);
}

/** Follows the analysis's stream to its end: every message's data. */
async function followed(id: string): Promise<Record<string, unknown>[]> {
  const res = await request(t.http)
    .get(`/api/matches/${id}/analysis/stream`)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done(null, text));
    })
    .expect(200);
  return (res.body as string)
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

async function analysed(id: string): Promise<AnalysisJson> {
  const asked = await ask(bob, id).expect(202);
  expect(['queued', 'running', 'done']).toContain((asked.body as AnalysisJson).status);
  const messages = await followed(id);
  expect(messages.at(-1)?.status).toBe('done');
  const res = await request(t.http).get(`/api/matches/${id}/analysis`).expect(200);
  return res.body as AnalysisJson;
}

function expectConsistent(analysis: AnalysisJson): void {
  const decisions = analysis.games.flatMap((g) => g.decisions);
  expect(decisions.length).toBeGreaterThan(20);
  for (const d of decisions) {
    expect(d.loss).toBeGreaterThanOrEqual(0);
    if (d.played === d.best) expect(d.loss).toBeLessThan(1e-6);
  }
}

describe('backgammon, by GNU Backgammon' + needsGnubg, () => {
  withGnubg.each([
    'bot-5-point-match-1.mat',
    'bot-5-point-match-2.mat',
    'bot-3-point-match-3.mat',
    'gnubg-5-point-match-redoubles.mat',
  ])('%s: PR and error rates agree with gnubg’s own analysis of export.mat, within 0.3 PR', async (file) => {
    const id = await imported(file);
    const analysis = await analysed(id);
    expect(analysis.engine).toEqual({ name: 'gnubg', plies: 0 });
    expectConsistent(analysis);
    const mat = (await request(t.http).get(`/api/matches/${id}/export.mat`).expect(200)).text;
    const printed = await gnubgPrintedStatistics(mat, 0);
    for (const [colour, side] of [
      ['white', 'left'],
      ['black', 'right'],
    ] as const) {
      const ours = analysis.players![colour];
      const theirs = printed[side];
      // gnubg prints mEMG per decision to one decimal; PR is half of it.
      expect(Math.abs(ours.pr - theirs.overallErrorRate / 2)).toBeLessThanOrEqual(0.3);
      expect(Math.abs(ours.chequerErrorRate - theirs.chequerErrorRate)).toBeLessThanOrEqual(0.06);
      expect(Math.abs(ours.cubeErrorRate - theirs.cubeErrorRate)).toBeLessThanOrEqual(0.06);
    }
    // The decisions are gnubg's too: each player's plays sum to its chequer error, its cube decisions to its cube error.
    for (const colour of ['white', 'black'] as const) {
      const mine = analysis.games.flatMap((g) => g.decisions).filter((d) => d.by === colour);
      const cube = mine.filter((d) => d.kind === 'cube' || d.kind === 'take');
      const cubeTotal = cube.reduce((s, d) => s + d.loss, 0);
      const figures = analysis.players![colour] as Figures & { cubeDecisions: number };
      expect(cube.filter((d) => d.counted).length).toBe(figures.cubeDecisions);
      expect(Math.abs((1000 * cubeTotal) / Math.max(1, figures.cubeDecisions) - figures.cubeErrorRate)).toBeLessThan(
        0.5,
      );
      const plays = mine.filter((d) => d.kind === 'play');
      const total = plays.reduce((s, d) => s + d.loss, 0);
      expect(
        Math.abs((1000 * total) / Math.max(1, plays.length) - analysis.players![colour].chequerErrorRate),
      ).toBeLessThan(0.5);
    }
  });
});

describe('long nardy, by the service’s own network', () => {
  it('judges every play, cube decision and throw, the best choice never giving anything away', async () => {
    const id = await imported('bot-long-nardy-3-point-match.mat');
    const analysis = await analysed(id);
    expect(analysis.engine).toEqual({ name: 'nardy-net', plies: 0 });
    expectConsistent(analysis);
    expect(analysis.games.flatMap((g) => g.rolls).length).toBeGreaterThan(50);
    // `bot-easy` (alice, white, in this fixture) errs more than `bot` (bob, black).
    expect(analysis.players!.white.pr).toBeGreaterThan(2 * analysis.players!.black.pr);
  });
});

describe('asking', () => {
  it('asking again answers the same analysis; anyone may read it', async () => {
    const id = await imported('bot-long-nardy-3-point-match.mat');
    const first = (await ask(alice, id).expect(202)).body as AnalysisJson;
    const again = (await ask(bob, id).expect(202)).body as AnalysisJson;
    expect(again.id).toBe(first.id);
    await followed(id);
    const read = await request(t.http).get(`/api/matches/${id}/analysis`).expect(200);
    expect((read.body as AnalysisJson).status).toBe('done');
    const list = await request(t.http).get(`/api/matches/${id}/analyses`).expect(200);
    expect(list.body).toMatchObject({ analyses: [{ id: first.id, status: 'done', engine: first.engine }] });
    expect((list.body as { analyses: object[] }).analyses[0]).not.toHaveProperty('games');
  });

  it('refuses a match not finished, a stranger without a token, and reads of what is not there', async () => {
    const created = await client.create(alice, { opponent: 'bob', colour: 'white', variant: 'backgammon', length: 1 });
    expectCode(await ask(alice, created.id).expect(409), 'match-not-finished');
    const finished = await imported('bot-3-point-match-3.mat');
    await ask(null, finished).expect(401);
    expectCode(await request(t.http).get(`/api/matches/${finished}/analysis`).expect(404), 'analysis-not-found');
    expect((await request(t.http).get(`/api/matches/${finished}/analyses`).expect(200)).body).toEqual({ analyses: [] });
    expectCode(
      await request(t.http).get(`/api/matches/00000000-0000-4000-8000-000000000000/analysis`).expect(404),
      'match-not-found',
    );
    expectCode(await ask(alice, 'not-a-uuid').expect(404), 'match-not-found');
  });
});

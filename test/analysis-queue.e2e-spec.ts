import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, expectProblem, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The analyses' queue against one greedy account (docs/analysis.md "Running"; issue 35: two
 * accounts made 55 finished matches by inviting, joining and leaving, queued 55 analyses past the
 * cap of 50, and shut everyone else out). The caps hold under requests fired at once: the whole
 * queue's (exactly ANALYSIS_QUEUE_LIMIT are let in) and each account's share
 * (ANALYSIS_QUEUE_PER_ACCOUNT), while another account still gets in. The queue runs round-robin
 * between the accounts that asked, not first come first served. A match left before any real
 * decision is not queued at all. The matches analysed are imported long-nardy matches (the
 * service's own network analyses them, at 0 ply here, in about a second each).
 */

/** Queues without running: nothing leaves the queue while a test fills it. */
const QUEUE_ONLY = {
  ANALYSIS_ENABLED: 'false',
  ANALYSIS_NET_PLIES: '0',
  AUTH_THROTTLE_LIMIT: '1000',
  IMPORT_HOURLY_LIMIT: '1000',
  BOTS_ENABLED: 'false',
};

const MATCH_FILE = readFileSync(new URL('fixtures/bot-long-nardy-3-point-match.mat', import.meta.url), 'utf8');

interface AnalysisJson {
  id: string;
  status: string;
  finishedAt: string | null;
}

/** `count` finished matches worth analysing, imported by `player`: their ids. */
async function importedMatches(t: TestApp, player: Player, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request(t.http)
      .post('/api/matches/import')
      .set('Content-Type', 'text/plain')
      .set('Authorization', `Bearer ${player.token}`)
      .send(MATCH_FILE)
      .expect(201);
    ids.push((res.body as { id: string }).id);
  }
  return ids;
}

function ask(t: TestApp, player: Player, matchId: string): request.Test {
  return request(t.http).post(`/api/matches/${matchId}/analysis`).set('Authorization', `Bearer ${player.token}`);
}

function expectRefused(res: request.Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expectProblem(res);
  expect((res.body as { code: string }).code).toBe(code);
}

/** How many of the matches have an analysis stored. */
async function analysed(t: TestApp, matchIds: readonly string[]): Promise<number> {
  let stored = 0;
  for (const id of matchIds) {
    const res = await request(t.http).get(`/api/matches/${id}/analyses`).expect(200);
    stored += (res.body as { analyses: unknown[] }).analyses.length;
  }
  return stored;
}

describe('the whole queue’s cap', () => {
  const CAP = 10;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...QUEUE_ONLY, ANALYSIS_QUEUE_LIMIT: String(CAP) });
  });
  afterAll(() => t.close());

  it('lets exactly the cap in when several accounts ask for twice as many at once', async () => {
    const client = new MatchClient(t.http);
    const askers = await Promise.all(['ann', 'ben', 'cyd', 'dee'].map((name) => client.register(name)));
    const matches = await importedMatches(t, askers[0], 2 * CAP);
    // Each account asks for 5 (its share), all at once: 20 requests for 10 places.
    const answers = await Promise.all(matches.map((id, i) => ask(t, askers[i % askers.length], id)));
    const accepted = answers.filter((res) => res.status === 202);
    const refused = answers.filter((res) => res.status !== 202);
    expect(accepted).toHaveLength(CAP);
    for (const res of refused) {
      expectRefused(res, 429, 'analysis-queue-full');
      expect(res.headers['retry-after']).toBe('60');
    }
    expect(await analysed(t, matches)).toBe(CAP);
  });
});

describe('an account’s share of the queue', () => {
  const SHARE = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...QUEUE_ONLY, ANALYSIS_QUEUE_PER_ACCOUNT: String(SHARE) });
  });
  afterAll(() => t.close());

  it('refuses one account past its share, even asked at once, while another account still gets in', async () => {
    const client = new MatchClient(t.http);
    const greedy = await client.register('greedy');
    const modest = await client.register('modest');
    const matches = await importedMatches(t, greedy, SHARE + 4);
    const answers = await Promise.all(matches.slice(0, SHARE + 3).map((id) => ask(t, greedy, id)));
    expect(answers.filter((res) => res.status === 202)).toHaveLength(SHARE);
    const refused = answers.filter((res) => res.status !== 202);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expectRefused(res, 429, 'analysis-queue-share');
      expect(res.headers['retry-after']).toBe('60');
      expect(res.body).toMatchObject({ limit: SHARE });
    }
    expect(await analysed(t, matches)).toBe(SHARE);

    // Another account's request is taken, and asking again for a queued analysis answers it.
    expect((await ask(t, modest, matches[SHARE + 3]).expect(202)).body).toMatchObject({ status: 'queued' });
    const first = answers.findIndex((res) => res.status === 202);
    const queued = answers[first].body as AnalysisJson;
    expect((await ask(t, greedy, matches[first]).expect(202)).body).toMatchObject({ id: queued.id });
  });
});

describeOnPostgres('the queue’s order', () => {
  let queueing: TestApp;
  let running: TestApp | null = null;
  beforeAll(async () => {
    queueing = await startTestApp(QUEUE_ONLY);
  });
  afterAll(async () => {
    await running?.close();
    await queueing.close();
  });

  it('runs round-robin between accounts: B’s one analysis, asked after A’s five, runs second, not sixth', async () => {
    const client = new MatchClient(queueing.http);
    const a = await client.register('asks_five');
    const b = await client.register('asks_one');
    const matches = await importedMatches(queueing, a, 6);
    for (const id of matches.slice(0, 5)) await ask(queueing, a, id).expect(202);
    await ask(queueing, b, matches[5]).expect(202);

    // A node that runs analyses starts: it takes the queue as it stands, one analysis at a time.
    running = await startTestApp({ ...QUEUE_ONLY, ANALYSIS_ENABLED: 'true' }, queueing.db);
    const done = new Map<string, string>();
    const until = Date.now() + 120_000;
    while (done.size < matches.length && Date.now() < until) {
      for (const id of matches) {
        if (done.has(id)) continue;
        const res = await request(running.http).get(`/api/matches/${id}/analysis`).expect(200);
        const analysis = res.body as AnalysisJson;
        expect(analysis.status).not.toBe('failed');
        if (analysis.status === 'done') done.set(id, analysis.finishedAt!);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(done.size).toBe(matches.length);
    const order = [...matches].sort((x, y) => done.get(x)!.localeCompare(done.get(y)!));
    expect(order.map((id) => (id === matches[5] ? 'B' : 'A'))).toEqual(['A', 'B', 'A', 'A', 'A', 'A']);
  });
});

describe('a match left before any real decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(QUEUE_ONLY);
  });
  afterAll(() => t.close());

  it('is not worth analysing: 422 nothing-to-analyse, and nothing is queued', async () => {
    const client = new MatchClient(t.http);
    const host = await client.register('host');
    const guest = await client.register('guest');
    // The attacker's cheap finished match: invite, join, leave.
    const created = await client.create(host, { opponent: 'guest', colour: 'white', variant: 'backgammon', length: 1 });
    await client.ok(guest, created.id, 'join');
    const left = await client.ok(host, created.id, 'leave');
    expect(left).toMatchObject({ status: 'finished', result: { reason: 'leave' } });
    expectRefused(await ask(t, guest, created.id), 422, 'nothing-to-analyse');
    expect(await analysed(t, [created.id])).toBe(0);
  });
});

import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { ImportPool } from '../src/interchange/import-pool.js';
import { ManualClock } from './support/manual-clock.js';
import { MatchClient, expectProblem, type Player } from './support/match-client.js';
import { randomMatText } from './support/random-mat.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Which imports get to be read (docs/architecture.md, "Interchange"): the worker thread is
 * started and warmed at boot; every import asked for counts toward the hourly cap, a refused file
 * as much as a stored one, also when many come at once; and with every thread busy and the queue
 * full, an import is refused at once with 429 import-queue-full, counting nothing and storing
 * nothing.
 */

const importMat = (t: TestApp, player: Player, text: string): request.Test =>
  request(t.http)
    .post('/api/matches/import')
    .set('Content-Type', 'text/plain')
    .set('Authorization', `Bearer ${player.token}`)
    .send(text);

const HOUR_MS = 60 * 60 * 1000;

/** A file the reader refuses at its first line. */
const REFUSED = ' not a match file\n';

const statusCounts = (responses: readonly request.Response[]): Record<number, number> =>
  responses.reduce<Record<number, number>>(
    (counts, res) => ({ ...counts, [res.status]: (counts[res.status] ?? 0) + 1 }),
    {},
  );

describe('refused imports count toward IMPORT_HOURLY_LIMIT', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let client: MatchClient;

  beforeAll(async () => {
    // The default cap (30 an hour); a queue long enough that it never refuses here.
    t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', IMPORT_QUEUE_SIZE: '100' }, undefined, {
      overrides: [{ provide: Clock, useValue: clock }],
    });
    client = new MatchClient(t.http);
  });
  afterAll(() => t.close());

  it('starts the import worker at boot and reads a file in it before the first import', () => {
    const stats = t.app.get(ImportPool).stats();
    expect(stats.threads).toBeGreaterThanOrEqual(1);
    expect(stats.completed).toBeGreaterThanOrEqual(1);
  });

  it('answers the 31st import in an hour with 429 too-many-imports after 30 refused ones, even for a good file', async () => {
    const mallory = await client.register('mallory');
    for (let i = 0; i < 30; i++) {
      const res = await importMat(t, mallory, REFUSED).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid-match-file' });
    }
    const res = await importMat(t, mallory, randomMatText(1, 3).text).expect(429);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'too-many-imports' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.prisma.match.count({ where: { creator: { username: 'mallory' } } })).toBe(0);
  });

  it('counts imports sent at once one after the other: no more than the cap get read', async () => {
    const trudy = await client.register('trudy');
    for (let i = 0; i < 25; i++) await importMat(t, trudy, REFUSED).expect(400);
    const answers = await Promise.all(Array.from({ length: 10 }, () => importMat(t, trudy, REFUSED)));
    expect(statusCounts(answers)).toEqual({ 400: 5, 429: 5 });
  });

  it('takes imports again once the hour’s attempts have left the window, and keeps none older', async () => {
    const oscar = await client.register('oscar');
    for (let i = 0; i < 30; i++) await importMat(t, oscar, REFUSED).expect(400);
    const refused = await importMat(t, oscar, REFUSED).expect(429);
    expect(refused.headers['retry-after']).toBe('3600');
    clock.advance(HOUR_MS + 1);
    await importMat(t, oscar, randomMatText(1, 4).text).expect(201);
    expect(await t.prisma.importAttempt.count({ where: { user: { username: 'oscar' } } })).toBe(1);
  });
});

describe('a bounded import queue', () => {
  let t: TestApp;
  let client: MatchClient;

  beforeAll(async () => {
    t = await startTestApp({
      AUTH_THROTTLE_LIMIT: '1000',
      IMPORT_WORKERS: '1',
      IMPORT_QUEUE_SIZE: '1',
      IMPORT_HOURLY_LIMIT: '1000',
    });
    client = new MatchClient(t.http);
  });
  afterAll(() => t.close());

  it('refuses an import with 429 import-queue-full and Retry-After while the thread is busy and the queue full; it counts nothing', async () => {
    const players = await Promise.all(['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map((name) => client.register(name)));
    // Long matches: each takes the one thread a good while, so all six arrive while the first is read.
    const files = players.map((_, i) => randomMatText(64, 20 + i).text);
    const answers = await Promise.all(players.map((player, i) => importMat(t, player, files[i])));
    const counts = statusCounts(answers);
    // One read at once, one waiting: the others are refused.
    expect(Object.keys(counts).sort()).toEqual(['201', '429']);
    expect(counts[201]).toBeGreaterThanOrEqual(2);
    for (const res of answers.filter((answer) => answer.status === 429)) {
      expectProblem(res);
      expect(res.body).toMatchObject({ code: 'import-queue-full' });
      expect(res.headers['retry-after']).toBe('5');
    }
    // A refused import stored nothing and is not counted against its user's cap.
    expect(await t.prisma.match.count({ where: { source: 'imported' } })).toBe(counts[201]);
    expect(await t.prisma.importAttempt.count()).toBe(counts[201]);
    // Once the queue has room again, imports are taken.
    const refused = players[answers.findIndex((answer) => answer.status === 429)];
    await importMat(t, refused, files[0]).expect(201);
  });
});

import request from 'supertest';
import { readMatchFile } from '../src/interchange/match-file-reader.js';
import { ImportPool } from '../src/interchange/import-pool.js';
import { MatchClient, expectProblem, type Player } from './support/match-client.js';
import { randomMatText } from './support/random-mat.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Imports as an attacker sends them (docs/architecture.md, "Interchange"):
 * files are read in worker threads, so large imports leave the event loop to
 * other requests; a file over the caps on games or events, a user past the
 * hourly import cap, and a player's name with a control character are each
 * refused with a clear 4xx, storing nothing.
 */

let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;

const HOURLY_LIMIT = 6;

beforeAll(async () => {
  t = await startTestApp({
    AUTH_THROTTLE_LIMIT: '1000',
    IMPORT_HOURLY_LIMIT: String(HOURLY_LIMIT),
    IMPORT_MAX_GAMES: '80',
    IMPORT_MAX_EVENTS: '12000',
  });
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
});
afterAll(() => t.close());

const importMat = (player: Player, text: string): request.Test =>
  request(t.http)
    .post('/api/matches/import')
    .set('Content-Type', 'text/plain')
    .set('Authorization', `Bearer ${player.token}`)
    .send(text);

async function importsOf(player: Player): Promise<number> {
  return t.prisma.match.count({ where: { creator: { username: player.username }, source: 'imported' } });
}

describe('imports off the event loop', () => {
  it('keeps the event loop free while four 64-point imports are read in a worker thread', async () => {
    const files = [1, 2, 3, 4].map((seed) => randomMatText(64, seed).text);
    expect(readMatchFile({ format: 'mat', text: files[0] }, { maxGames: 1000, maxEvents: 100_000 }).ok).toBe(true);
    // Counted, not timed (a stall measured in wall-clock time also counts the machine's other load):
    // each file is read by the pool's worker threads, and the app answers meanwhile.
    const pool = t.app.get(ImportPool);
    const readBefore = pool.stats().completed;
    let running = files.length;
    const imports = files.map((text) =>
      importMat(bob, text).then((res) => {
        running--;
        return res;
      }),
    );
    let answered = 0;
    while (running > 0) {
      await request(t.http).get('/health').expect(200);
      if (running > 0) answered++;
    }
    const results = await Promise.all(imports);
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(pool.stats().completed - readBefore).toBe(files.length);
    expect(answered).toBeGreaterThan(0);
  });
});

describe('import caps', () => {
  it('refuses a file with more games than IMPORT_MAX_GAMES, storing nothing', async () => {
    const file = randomMatText(100, 5);
    expect(file.games).toBeGreaterThan(80);
    const before = await importsOf(alice);
    const res = await importMat(alice, file.text).expect(400);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'invalid-match-file', reason: 'too-many-games' });
    expect(await importsOf(alice)).toBe(before);
  });

  it('refuses a match with more events than IMPORT_MAX_EVENTS, storing nothing', async () => {
    // Fewer games than the cap, more events (a random cubeless game has about 160 events).
    let file = randomMatText(70, 1);
    for (let seed = 2; file.events <= 12_000 || file.games > 80; seed++) file = randomMatText(70, seed);
    const before = await importsOf(alice);
    const res = await importMat(alice, file.text).expect(400);
    expect(res.body).toMatchObject({ code: 'invalid-match-file', reason: 'too-many-events' });
    expect(await importsOf(alice)).toBe(before);
  });

  it('refuses a player name with a control character as a bad score line, and a NUL as unstorable text, not a 500', async () => {
    const { text } = randomMatText(1, 8);
    const named = (name: string) => text.replace(/(\n\s*)ann(\s+:)/g, `$1${name}$2`);
    for (const name of ['ann\u0007', 'ann\u009b', 'ann\u001b[31m']) {
      const res = await importMat(alice, named(name)).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid-match-file', reason: 'bad-score-line' });
    }
    // A NUL is refused with the body, before the file is read (docs/architecture.md, "API conventions").
    const res = await importMat(alice, named('ann\u0000x')).expect(400);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'unstorable-text' });
  });

  it(`refuses the import after ${HOURLY_LIMIT} in an hour with 429 too-many-imports and Retry-After`, async () => {
    const carol = await client.register('carol');
    const { text } = randomMatText(1, 9);
    for (let i = 0; i < HOURLY_LIMIT; i++) await importMat(carol, text).expect(201);
    const res = await importMat(carol, text).expect(429);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'too-many-imports' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await importsOf(carol)).toBe(HOURLY_LIMIT);
    // Another user's imports are counted apart.
    await importMat(alice, text).expect(201);
  });
});

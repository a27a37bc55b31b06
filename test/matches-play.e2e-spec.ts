import { mulberry32 } from '../src/engine/testing/index.js';
import { auditFinishedMatch } from './support/match-audit.js';
import { MatchClient, type EventJson, type MatchStateJson, type Player, type Seats } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Whole matches over HTTP with the service's own provably fair dice, played
 * by a client that only follows `actions` and `legal-plays`
 * (docs/architecture.md "Match state JSON"), then audited from the public
 * endpoints alone: dice against the revealed seed (docs/dice-fairness.md),
 * positions against a fresh fold of the log, the result against the records.
 */

let t: TestApp;
let client: MatchClient;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
  client = new MatchClient(t.http);
  alice = await client.register('alice');
  bob = await client.register('bob');
});
afterAll(() => t.close());

/** Creates a match by alice against bob, bob joins, and who sits where. */
async function startMatch(terms: Record<string, unknown>): Promise<{ match: MatchStateJson; seats: Seats }> {
  const created = await client.create(alice, { opponent: 'bob', clientSeed: 'alice-seed', ...terms });
  expect(created).toMatchObject({ status: 'invited', version: expect.any(Number) as unknown, opponent: 'bob' });
  expect(created.fairness).toEqual({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, seed: null });
  const joined = await client.ok(bob, created.id, 'join', { clientSeed: 'bob seed 🎲' });
  expect(joined.status).toBe('playing');
  const seats: Seats = joined.you === 'white' ? { white: bob, black: alice } : { white: alice, black: bob };
  expect(joined.players).toEqual({
    white: { username: seats.white.username, bot: false },
    black: { username: seats.black.username, bot: false },
  });
  return { match: joined, seats };
}

const bearOffs = (events: readonly EventJson[]): number =>
  events.filter((e) => e.type === 'game-end' && (e.outcome as { reason: string }).reason === 'bear-off').length;

describe('a whole match played by a client that follows only actions and legal-plays', () => {
  it('backgammon to 3 points: ends on points, every throw recomputes from the revealed seed, every position refolds', async () => {
    const { match, seats } = await startMatch({ variant: 'backgammon', length: 3 });
    // The dice are the service's own (random), so only choices that do not depend on them are asserted on:
    // nobody doubles, and so every game is played out to the last checker.
    const final = await client.playUntil(match.id, seats, { random: mulberry32(5), doubleRate: 0 });
    expect(final.status).toBe('finished');
    expect(final.result).toMatchObject({
      reason: 'points',
      winner: expect.stringMatching(/^(white|black)$/) as unknown,
    });
    const winner = final.result!.winner!;
    expect(final.score[winner]).toBeGreaterThanOrEqual(3);
    expect(final.score[winner === 'white' ? 'black' : 'white']).toBeLessThan(3);
    expect(final.actions).toEqual([]);
    const report = await auditFinishedMatch(client, final, { variant: 'backgammon', length: 3 });
    expect(report.fairness.clientSeeds).toEqual(['alice-seed', 'bob seed 🎲']);
    expect(report.events.filter((e) => e.type === 'play').length).toBeGreaterThan(10);
    expect(bearOffs(report.events)).toBe(report.events.filter((e) => e.type === 'game-end').length);
  });

  it('long nardy to 3 points: ends on points, every throw recomputes from the revealed seed, every position refolds', async () => {
    const { match, seats } = await startMatch({ variant: 'long-nardy', length: 3 });
    const final = await client.playUntil(match.id, seats, { random: mulberry32(3), doubleRate: 0 });
    expect(final.result).toMatchObject({ reason: 'points' });
    const winner = final.result!.winner!;
    expect(final.score[winner]).toBeGreaterThanOrEqual(3);
    const report = await auditFinishedMatch(client, final, { variant: 'long-nardy', length: 3 });
    expect(bearOffs(report.events)).toBe(report.events.filter((e) => e.type === 'game-end').length);
    // Long nardy never hits (N2): no checker of either side is ever on the bar.
    const bars = report.events
      .filter((e) => e.type === 'play')
      .flatMap((e) => {
        const board = e.board as { white: { bar: number }; black: { bar: number } };
        return [board.white.bar, board.black.bar];
      });
    expect(new Set(bars)).toEqual(new Set([0]));
  });

  it('a backgammon money session with Jacoby, beavers and automatic doubles: games, then leave, won by the player ahead', async () => {
    const rules = { jacoby: true, beavers: true, automaticDoubles: 2 };
    const { match, seats } = await startMatch({ variant: 'backgammon', length: 0, rules });
    expect(match.rules).toMatchObject(rules);
    const final = await client.playUntil(match.id, seats, {
      random: mulberry32(7),
      leaveAfterGames: 3,
      doubleRate: 0.2,
    });
    expect(final.status).toBe('finished');
    expect(final.result?.reason).toBe('leave');
    const { white, black } = final.score;
    expect(final.result?.winner).toBe(white === black ? null : white > black ? 'white' : 'black');
    const report = await auditFinishedMatch(client, final, { variant: 'backgammon', length: 0, rules });
    expect(report.events.filter((e) => e.type === 'game-end')).toHaveLength(3);
    expect(report.events.filter((e) => e.type === 'leave')).toHaveLength(1);
  });
});

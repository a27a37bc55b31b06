import request from 'supertest';
import type { MatchStateJson, Player } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * The rating refund of `mark-cheater` (docs/moderation.md, "Rating refunds"), worked by hand.
 *
 * Every match is to 1 point, won by a resignation (a played end, rated in full). FIBS: the points at
 * stake are c = 4 * sqrt(N) / (10^(D * sqrt(N) / 2000) + 1), D the winner's rating minus the
 * loser's; each player moves by c times their experience boost max(1, (500 - experience) / 100),
 * times their weight (1 against an opponent at least as experienced; else the opponent's experience
 * over theirs: src/users/provisional-rating.ts).
 *
 * Day 0.  chet (1500, exp 0) beats wes (1500, exp 0): D = 0, c = 4 / 2 = 2; boosts 5, weights 1.
 *         wes 1500 - 10 = 1490; chet 1510, exp 1.
 * Day 31 (the first match is now outside the 30 days):
 *   m2.   chet (1510, exp 1) beats xan (1500, exp 0): D = 10, c2 = 4 / (10^0.005 + 1) = 1.98848720170...
 *         xan's boost 5, weight 1: xan loses 5 * c2 = 9.94243601... -> 1490.05756399; exp 1.
 *         chet's weight 0 / 1 = 0: chet stays 1510, exp 2.
 *   m3.   chet (1510, exp 2) beats xan (1490.05756399, exp 1): D = 19.94243601, c3 = 4 / (10^(D / 2000) + 1)
 *         = 1.97704143059...; xan’s boost 4.99, weight 1 (2 >= 1): xan loses 4.99 * c3 = 9.86543674...
 *         -> 1480.19212725; chet's weight 1/2, boost 4.98: chet gains 2.49 * c3 = 4.92283316 -> 1514.92283316.
 *   m4.   yul (1500, exp 0) beats chet: yul gained from the cheat, and gets nothing back.
 *   m5.   chet beats zed in an unrated match: nothing to refund.
 * mark-cheater: xan gets back 9.94243601 (m2) + 9.86543674 (m3) = 19.80787275 -> 1500 again, in two
 * adjustments; wes (31 days ago), yul and zed get nothing. A second mark-cheater refunds nothing more.
 */
let s: ScriptedApp;
beforeAll(async () => {
  s = await startScriptedApp();
});
afterAll(() => s.t.close());

const DAY_MS = 86_400_000;

/** A 1-point match `loser` (white) resigns to `winner` at once. */
async function resigned(loser: Player, winner: Player, terms: Record<string, unknown> = {}): Promise<MatchStateJson> {
  const id = await startScriptedMatch(s, loser, winner, { variant: 'backgammon', length: 1, ...terms }, [[3, 1]]);
  await s.client.ok(loser, id, 'resign', { value: 1 });
  const ended = await s.client.ok(winner, id, 'resignation/accept');
  expectOnlyScriptedThrows(s);
  return ended;
}

const ratingOf = async (player: Player): Promise<number> =>
  (await s.client.get<{ rating: number }>(`/api/users/${player.username}`)).rating;

interface Adjustment {
  username: string;
  points: number;
  cause: string;
  match_id: string;
  action_id: string;
}

const adjustments = () =>
  s.t.prisma.$queryRawUnsafe<Adjustment[]>(
    `SELECT u.username, a.points, a.cause, a.match_id::text AS match_id, a.action_id::text AS action_id
       FROM rating_adjustments a JOIN users u ON u.id = a.user_id ORDER BY a.points DESC`,
  );

it('gives each opponent of the last 30 days the points lost to the cheater in rated matches, once, as the record shows', async () => {
  const [mod, chet, wes, xan, yul, zed] = await Promise.all(
    ['r_mod', 'chet', 'wes', 'xan', 'yul', 'zed'].map((name) => s.client.register(name)),
  );
  await s.t.prisma.$executeRawUnsafe(`UPDATE users SET role = 'moderator' WHERE username = 'r_mod'`);

  await resigned(wes, chet);
  expect(await ratingOf(wes)).toBeCloseTo(1490, 9);
  s.clock.advance(31 * DAY_MS);
  const m2 = await resigned(xan, chet);
  expect(await ratingOf(xan)).toBeCloseTo(1490.0575639915, 9);
  const m3 = await resigned(xan, chet);
  expect(await ratingOf(xan)).toBeCloseTo(1480.1921272528, 9);
  expect(await ratingOf(chet)).toBeCloseTo(1514.9228331622, 9);
  await resigned(chet, yul);
  await resigned(zed, chet, { rated: false });
  const [yulBefore, zedBefore] = [await ratingOf(yul), await ratingOf(zed)];

  const mark = (
    await request(s.t.http)
      .post('/api/moderation/users/chet/mark-cheater')
      .set('Authorization', `Bearer ${mod.token}`)
      .send({ reason: 'Engine use, shown by analysis.' })
      .expect(200)
  ).body as {
    id: string;
    action: string;
    details: { refunds: { username: string; matchId: string; points: number }[] };
  };
  expect(mark.action).toBe('mark-cheater');
  const refunds = [...mark.details.refunds].sort((p, q) => q.points - p.points);
  expect(refunds.map((r) => [r.username, r.matchId])).toEqual([
    ['xan', m2.id],
    ['xan', m3.id],
  ]);
  expect(refunds[0].points).toBeCloseTo(9.9424360085, 9);
  expect(refunds[1].points).toBeCloseTo(9.8654367387, 9);

  expect(await ratingOf(xan)).toBeCloseTo(1500, 9);
  expect(await ratingOf(wes)).toBeCloseTo(1490, 9);
  expect(await ratingOf(yul)).toBe(yulBefore);
  expect(await ratingOf(zed)).toBe(zedBefore);
  const recorded = await adjustments();
  expect(recorded.map((a) => [a.username, a.cause, a.match_id, a.action_id])).toEqual([
    ['xan', 'refund', m2.id, mark.id],
    ['xan', 'refund', m3.id, mark.id],
  ]);
  expect(recorded[0].points + recorded[1].points).toBeCloseTo(19.8078727472, 9);

  // The cheat is banned as a ban is.
  await request(s.t.http)
    .post('/api/auth/token')
    .send({ username: 'chet', password: 'match-client-password' })
    .expect(403);

  // Marked again: nothing is refunded twice.
  const again = (
    await request(s.t.http)
      .post('/api/moderation/users/chet/mark-cheater')
      .set('Authorization', `Bearer ${mod.token}`)
      .send({ reason: 'Again.' })
      .expect(200)
  ).body as { details: { refunds: unknown[] } };
  expect(again.details.refunds).toEqual([]);
  expect(await ratingOf(xan)).toBeCloseTo(1500, 9);
  expect(await adjustments()).toHaveLength(2);
});

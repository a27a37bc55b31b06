import request from 'supertest';
import type { Player } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import { startScriptedApp, type ScriptedApp } from './support/scripted-app.js';

/**
 * The rating farm with throwaway accounts (docs/rules.md "Ratings"): eight new accounts each start a
 * rated 64-point match with one account and leave it. Before the rules against it, the target went
 * from 1500 to about 1705, first on the leaderboard, in seconds. Now a match left before both
 * players made 3 real decisions is aborted (unrated, on the leaver's record), and a match won by a
 * leave once they have (a forfeit) moves the winner by no more than min(1, the leaver's experience /
 * 400) of the FIBS move: nothing from a fresh account. The bar (issue 35): eight fresh accounts
 * leaving rated matches move a rating by at most MOST_THE_TARGET_MAY_MOVE = 5 points either way.
 * Here they move it by none, though the target is new too, and two new players who play a match
 * out move by the full FIBS move (test/ratings.e2e-spec.ts).
 */
const FARMERS = 8;
const LENGTH = 64;
const MOST_THE_TARGET_MAY_MOVE = 5;

let s: ScriptedApp;

interface Profile {
  readonly rating: number;
  readonly experience: number;
  readonly provisional: boolean;
  readonly record: { readonly matchesPlayed: number; readonly abortedByLeave: number };
}

async function profile(player: Player): Promise<Profile> {
  return (await request(s.t.http).get(`/api/users/${player.username}`).expect(200)).body as Profile;
}

async function leaderboard(): Promise<string[]> {
  const res = await request(s.t.http).get('/api/users?sort=rating&limit=100').expect(200);
  return (res.body as { items: Array<{ username: string }> }).items.map((u) => u.username);
}

/** `farmer` (white) invites `target` to a rated 64-point match, makes `plays` real decisions as the target does, and leaves. */
async function farm(farmer: Player, target: Player, plays: number) {
  const id = await matchWithDecisions(s, farmer, target, LENGTH, plays);
  return s.client.ok(farmer, id, 'leave');
}

beforeAll(async () => {
  s = await startScriptedApp();
});
afterAll(() => s.t.close());

describe('the farm of eight throwaway accounts', () => {
  it('leaving at once: every match ends aborted by the leave, and the target’s rating does not move', async () => {
    const target = await s.client.register('target_a');
    const before = await profile(target);
    for (let i = 0; i < FARMERS; i++) {
      const farmer = await s.client.register(`quitter_${i}`);
      const left = await farm(farmer, target, 0);
      expect(left).toMatchObject({
        status: 'finished',
        rated: false,
        unratedReason: 'aborted-by-leave',
        result: { winner: 'black', reason: 'leave' },
      });
      expect(await profile(farmer)).toMatchObject({
        rating: 1500,
        experience: 0,
        record: { matchesPlayed: 0, abortedByLeave: 1 },
      });
    }
    const after = await profile(target);
    // Before the rule: 1500 -> 1704.6 (FIBS, each match rated as lost by the farmer).
    expect(Math.abs(after.rating - before.rating)).toBeLessThanOrEqual(MOST_THE_TARGET_MAY_MOVE);
    expect(after).toMatchObject({ rating: 1500, experience: 0, record: { matchesPlayed: 0, abortedByLeave: 0 } });
    expect(await leaderboard()).not.toContain('target_a');
  });

  it('playing 3 plays each, then leaving: rated as forfeits, and fresh accounts that forfeit lend the new target no rating', async () => {
    const target = await s.client.register('target_b');
    const before = await profile(target);
    for (let i = 0; i < FARMERS; i++) {
      const farmer = await s.client.register(`farmer_${i}`);
      const left = await farm(farmer, target, 3);
      expect(left).toMatchObject({ status: 'finished', rated: true, unratedReason: null, result: { reason: 'leave' } });
      expect((await profile(farmer)).record).toMatchObject({ matchesPlayed: 1, abortedByLeave: 0 });
    }
    const after = await profile(target);
    expect(Math.abs(after.rating - before.rating)).toBeLessThanOrEqual(MOST_THE_TARGET_MAY_MOVE);
    // Every farmer left at experience 0, so each forfeit gave the target min(1, 0 / 400) = 0 of its
    // FIBS move; played out, the first would have moved it by 16 * 5 = 80 (both new: W = 1).
    expect(after).toMatchObject({
      rating: 1500,
      experience: FARMERS * LENGTH,
      provisional: false,
      record: { matchesPlayed: FARMERS },
    });
  }, 60_000);
});

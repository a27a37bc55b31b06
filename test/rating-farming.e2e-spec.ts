import request from 'supertest';
import type { Player } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import { startScriptedApp, type ScriptedApp } from './support/scripted-app.js';

/**
 * The rating farm with throwaway accounts (docs/rules.md "Ratings"): eight new accounts each start a
 * rated 64-point match with one account and leave it. Before the rules against it, the target went
 * from 1500 to about 1705, first on the leaderboard, in seconds. Now a match left before both
 * players made 3 real decisions is aborted (unrated, on the leaver's record), and a match against a
 * provisional player (experience under 400) moves the opponent by experience / 400 of the FIBS move:
 * nothing against a first rated match. The target must move by at most 5 points either way.
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

  it('playing 3 plays each, then leaving: rated, but new accounts lend the target no rating', async () => {
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
    // Every farmer was at experience 0, so each match gave the target 0 / 400 of its FIBS move.
    expect(after).toMatchObject({
      rating: 1500,
      experience: FARMERS * LENGTH,
      provisional: false,
      record: { matchesPlayed: FARMERS },
    });
  }, 60_000);
});

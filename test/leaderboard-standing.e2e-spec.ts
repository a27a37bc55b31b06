import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The leaderboard (GET /api/users) leaves out closed accounts and accounts banned now, as lichess does
 * (docs/moderation.md, "Bans"); a ban that has ended puts the player back.
 */
let t: TestApp;
let client: MatchClient;
let sql: SqlClient;
beforeAll(async () => {
  t = await startTestApp();
  client = new MatchClient(t.http);
  sql = t.app.get(SqlClient);
});
afterAll(() => t.close());

/** A player with a rated match behind them (experience 1000, past any minimum the leaderboard asks), as the leaderboard lists. */
async function ratedPlayer(name: string, rating: number): Promise<Player> {
  const player = await client.register(name);
  await sql.query(`UPDATE users SET experience = 1000, rating = $2 WHERE username = $1`, [name, rating]);
  return player;
}

async function leaderboard(): Promise<string[]> {
  const res = await request(t.http).get('/api/users?sort=rating&limit=100').expect(200);
  return (res.body as { items: Array<{ username: string }> }).items
    .map((u) => u.username)
    .filter((name) => name.startsWith('lb_'));
}

it('lists neither a closed account nor one banned now, and lists again a player whose ban has ended', async () => {
  await ratedPlayer('lb_open', 1600);
  await ratedPlayer('lb_closed', 1590);
  await ratedPlayer('lb_banned', 1580);
  await ratedPlayer('lb_was_banned', 1570);
  await ratedPlayer('lb_banned_later', 1560);
  expect(await leaderboard()).toEqual(['lb_open', 'lb_closed', 'lb_banned', 'lb_was_banned', 'lb_banned_later']);

  await sql.query(`UPDATE users SET closed_at = now() WHERE username = 'lb_closed'`);
  await sql.query(`UPDATE users SET banned_at = now(), ban_reason = 'x' WHERE username = 'lb_banned'`);
  await sql.query(
    `UPDATE users SET banned_at = now() - interval '2 days', ban_ends_at = now() - interval '1 day', ban_reason = 'x'
      WHERE username = 'lb_was_banned'`,
  );
  await sql.query(
    `UPDATE users SET banned_at = now() - interval '1 day', ban_ends_at = now() + interval '1 day', ban_reason = 'x'
      WHERE username = 'lb_banned_later'`,
  );
  expect(await leaderboard()).toEqual(['lb_open', 'lb_was_banned']);
});

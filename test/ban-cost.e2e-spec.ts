import pg from 'pg';
import request from 'supertest';
import { describeOnPostgres } from './support/database-mode.js';
import type { Player } from './support/match-client.js';
import { startScriptedApp, startScriptedMatch, type ScriptedApp } from './support/scripted-app.js';

/**
 * What a ban costs (docs/moderation.md, "What a ban costs"): a player with 100 matches under way is
 * banned, against a reference of the same run, one player leaving one match. Measured: the time of
 * the request, and the statements the node sent to PostgreSQL meanwhile (every pg client's queries:
 * the request's, and the background's of that moment, which are few). Prints the figures; asserts
 * only that the ban did its work.
 */
const MATCHES = 100;

describeOnPostgres('the cost of a ban', () => {
  let s: ScriptedApp;
  beforeAll(async () => {
    s = await startScriptedApp({ INVITATIONS_PER_USER: String(MATCHES + 10) });
  });
  afterAll(() => s.t.close());

  /** How long `work` takes, and how many statements the node sends meanwhile. */
  async function measured(work: () => Promise<unknown>): Promise<{ ms: number; statements: number }> {
    let statements = 0;
    const prototype = pg.Client.prototype as unknown as Record<'query', (...args: unknown[]) => unknown>;
    const original = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
    const started = performance.now();
    try {
      await work();
    } finally {
      prototype.query = original;
    }
    return { ms: Math.round(performance.now() - started), statements };
  }

  it(`bans a player with ${MATCHES} matches under way, every match forfeited`, async () => {
    const mod = await s.client.register('cost_mod');
    await s.t.prisma.$executeRawUnsafe(`UPDATE users SET role = 'moderator' WHERE username = 'cost_mod'`);
    const busy = await s.client.register('busy');
    const ids: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const opponent: Player = await s.client.register(`opp_${i}`);
      ids.push(
        await startScriptedMatch(s, busy, opponent, { variant: 'backgammon', length: 3, rated: false }, [[3, 1]]),
      );
    }
    // The reference: one player leaves one match, in the same run.
    const [leaver, stayer] = [await s.client.register('leaver'), await s.client.register('stayer')];
    const one = await startScriptedMatch(s, leaver, stayer, { variant: 'backgammon', length: 3, rated: false }, [
      [3, 1],
    ]);
    const leave = await measured(() => s.client.ok(leaver, one, 'leave'));

    const ban = await measured(() =>
      request(s.t.http)
        .post('/api/moderation/users/busy/ban')
        .set('Authorization', `Bearer ${mod.token}`)
        .send({ reason: 'Measured.' })
        .expect(200),
    );
    const warn = await measured(() =>
      request(s.t.http)
        .post('/api/moderation/users/stayer/warn')
        .set('Authorization', `Bearer ${mod.token}`)
        .send({ reason: 'Measured.' })
        .expect(200),
    );
    const [{ left }] = await s.t.prisma.$queryRawUnsafe<{ left: bigint }[]>(
      `SELECT count(*) AS left FROM matches WHERE id = ANY($1::uuid[]) AND status = 'finished' AND end_reason = 'leave'`,
      ids,
    );
    expect(Number(left)).toBe(MATCHES);
    process.stdout.write(
      `ban-cost: ban of ${MATCHES} matches under way ${ban.ms} ms, ${ban.statements} statements; ` +
        `reference leave of 1 match ${leave.ms} ms, ${leave.statements} statements; warn ${warn.ms} ms, ${warn.statements} statements\n`,
    );
  }, 600_000);
});

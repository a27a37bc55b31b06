import { jest } from '@jest/globals';
import { mulberry32 } from '../src/engine/testing/index.js';
import { BotWorker } from '../src/bots/bot-worker.js';
import { MatchActionsService, VersionConflictError, type MatchAction } from '../src/matches/index.js';
import { eventsBy, houseBotId, playAgainstBot, sleep, waitForState } from './support/bot-opponent.js';
import { MatchClient, type Player } from './support/match-client.js';
import { describeOnPostgres } from './support/database-mode.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The house bots' worker on several nodes and across a restart (docs/bots.md,
 * "The worker"): every node's worker takes every pending bot decision, and
 * the versioned append writes each decision once; a node that starts takes
 * the decisions left pending while no worker ran.
 */

/** A bot's action as one node's worker wrote it: the version it was decided on. */
interface Written {
  readonly node: string;
  readonly version: number;
  readonly action: MatchAction['name'];
}

/** Records the actions of `botId` that `app`'s MatchActionsService wrote, and those it refused as decided on an old version. */
function recordBotActions(app: TestApp, node: string, botId: string, written: Written[], lost: Written[]): void {
  const actions = app.app.get(MatchActionsService);
  const act = actions.act.bind(actions);
  jest.spyOn(actions, 'act').mockImplementation(async (id, userId, action, expectedVersion) => {
    const attempt = { node, version: expectedVersion ?? -1, action: action.name };
    try {
      const view = await act(id, userId, action, expectedVersion);
      if (userId === botId) written.push(attempt);
      return view;
    } catch (err) {
      if (userId === botId && err instanceof VersionConflictError) lost.push(attempt);
      throw err;
    }
  });
}

describeOnPostgres('two nodes, each with its bots worker, on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
    b = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, a.db);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('the bot takes each decision exactly once: as many bot events in the log as actions written, never two on one version', async () => {
    const onA = new MatchClient(a.http);
    const onB = new MatchClient(b.http);
    const alice = await onA.register('alice');
    const botId = await houseBotId(a.prisma, 'bot');
    const [written, lost]: Written[][] = [[], []];
    recordBotActions(a, 'A', botId, written, lost);
    recordBotActions(b, 'B', botId, written, lost);

    const created = await onA.create(alice, { opponent: 'bot', variant: 'backgammon', length: 3 });
    const end = await playAgainstBot(onB, created.id, alice, { random: mulberry32(21), doubleRate: 0.1 });
    expect(end.status).toBe('finished');
    await Promise.all([a.app.get(BotWorker).idle(), b.app.get(BotWorker).idle()]);

    const byBot = await eventsBy(a.prisma, created.id, botId);
    expect(written).toHaveLength(byBot.length);
    expect(new Set(written.map((w) => w.version)).size).toBe(written.length);
    // Each action written is the event right after the version it was decided on.
    const events = await a.prisma.matchEvent.findMany({ where: { matchId: created.id }, orderBy: { seq: 'asc' } });
    for (const { version } of written) expect(events[version]).toMatchObject({ seq: version + 1, actorId: botId });
    // Both workers raced for the decisions: each race lost was won by the other node, and the loser wrote nothing.
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((l) => written.some((w) => w.version === l.version && w.node !== l.node))).toBe(true);
  });
});

describe('a node that starts with pending bot decisions', () => {
  let db: TestDatabase;
  let off: TestApp | null = null;
  let on: TestApp | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
    await db.drop();
  });

  it('takes them at once: the bot joins and plays the turn left waiting while no worker ran', async () => {
    off = await startTestApp({ BOTS_ENABLED: 'false', AUTH_THROTTLE_LIMIT: '1000' }, db);
    const client = new MatchClient(off.http);
    const dora: Player = await client.register('dora');
    const botId = await houseBotId(off.prisma, 'bot');
    const created = await client.create(dora, { opponent: 'bot', variant: 'backgammon', length: 1 });
    // Nobody answers the invitation here; a sweep's worth of time later it still waits.
    await sleep(1_500);
    expect((await client.state(created.id, dora)).status).toBe('invited');
    await off.app.get(MatchActionsService).act(created.id, botId, { name: 'join' }, null);
    let state = await client.state(created.id, dora);
    if (state.turn.player === state.you) {
      state = await client.actOnce(created.id, dora, state, { random: mulberry32(1) });
    }
    expect(state.turn.player).not.toBe(state.you);
    const pendingAt = state.version;
    const before = await eventsBy(off.prisma, created.id, botId);
    await off.close();
    off = null;

    // Said, not left to the default: the configuration leaves the first app's settings in process.env.
    on = await startTestApp({ BOTS_ENABLED: 'true', AUTH_THROTTLE_LIMIT: '1000' }, db);
    const after = await waitForState(
      new MatchClient(on.http),
      created.id,
      await new MatchClient(on.http).login('dora'),
      (s) => s.status !== 'playing' || s.turn.player === s.you,
      'the bot’s turn taken',
    );
    expect(after.version).toBeGreaterThan(pendingAt);
    expect((await eventsBy(on.prisma, created.id, botId)).length).toBeGreaterThan(before.length);
  });
});

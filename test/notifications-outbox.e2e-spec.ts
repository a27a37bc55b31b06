import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { SqlClient } from '../src/database/sql-client.js';
import { DeadlineReminders } from '../src/notifications/core/deadline-reminders.js';
import type { MatchFacts } from '../src/notifications/core/match-facts.js';
import { MatchFactsRepository } from '../src/notifications/core/match-facts.repository.js';
import { NOTIFICATION_CHANNELS } from '../src/notifications/core/notification-channel.js';
import { MatchClient, type Player } from './support/match-client.js';
import { ManualClock } from './support/manual-clock.js';
import { RecordingChannel } from './support/recording-channel.js';
import { describeOnPostgres } from './support/database-mode.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The durable delivery of notifications (docs/notifications.md, "Durable delivery", "What is sent
 * when"), through the real job queue on this file's database, with a channel that records what
 * reaches it: what match events notify whom, once; retries until delivered; the dead-letter queue
 * after the last try; deadline reminders; two nodes delivering each notification once.
 */
const HOUR = 3_600_000;
const clock = new ManualClock(new Date());
const channel = new RecordingChannel();
let t: TestApp;
let client: MatchClient;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', BOTS_ENABLED: 'false' }, undefined, {
    overrides: [
      { provide: Clock, useValue: clock },
      { provide: NOTIFICATION_CHANNELS, useValue: [channel] },
    ],
  });
  client = new MatchClient(t.http);
});
afterAll(() => t.close());

interface Account extends Player {
  readonly id: string;
}
let n = 0;
async function account(): Promise<Account> {
  const player = await client.register(`outbox_${++n}`);
  const me = await request(t.http).get('/api/users/me').set('Authorization', `Bearer ${player.token}`).expect(200);
  return { ...player, id: (me.body as { id: string }).id };
}

/** Waits until the job queue has nothing left to do for the notifications (settled), then a little more. */
async function settled(): Promise<void> {
  const sql = t.app.get(SqlClient);
  const end = Date.now() + 30_000;
  for (;;) {
    const [row] = await sql.query<{ outbox: number; jobs: number }>(
      `SELECT (SELECT count(*)::int FROM outbox WHERE consumer = 'notifications.match') AS outbox,
              (SELECT count(*)::int FROM pgboss.job WHERE name LIKE 'notification%' AND name <> 'notification-dead'
                 AND state IN ('created', 'retry', 'active') AND start_after <= now()) AS jobs`,
    );
    if (row.outbox === 0 && row.jobs === 0) return;
    if (Date.now() > end) throw new Error(`Notifications not settled: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('what match events notify', () => {
  it('tells the invited player of an invitation, once, and the creator nothing', async () => {
    const [alice, bob] = [await account(), await account()];
    const match = await client.create(alice, { variant: 'backgammon', length: 3, opponent: bob.username });
    await channel.until(() => channel.deliveredTo(bob.id).length > 0, 'the invitation');
    await settled();
    const toBob = channel.deliveredTo(bob.id);
    expect(toBob).toHaveLength(1);
    expect(toBob[0]).toMatchObject({
      kind: 'invitation',
      matchId: match.id,
      path: `/matches/${match.id}`,
      title: `${alice.username} invites you to play`,
    });
    expect(toBob[0].data).toMatchObject({ matchId: match.id, from: alice.username });
    expect(channel.deliveredTo(alice.id)).toEqual([]);
  });

  it('tells each player of their turn once per turn, never of a turn they took themselves, and both of the end', async () => {
    const [alice, bob] = [await account(), await account()];
    const match = await client.create(alice, { variant: 'backgammon', length: 1, opponent: bob.username });
    await client.ok(bob, match.id, 'join');
    let random = 7;
    const seats = { white: alice, black: bob };
    let state = await client.state(match.id, alice);
    if (state.players.white?.username !== alice.username) Object.assign(seats, { white: bob, black: alice });
    // Played one action at a time, the queue settling between (a turn taken before its notification
    // went out is, rightly, not notified), for twenty actions; then to the end.
    const options = { random: () => (random = (random * 16807) % 2147483647) / 2147483647, doubleRate: 0.2 };
    for (let actions = 0; state.status === 'playing' && actions < 20; actions++) {
      const version = state.version;
      state = await client.playUntil(match.id, seats, options, (s) => s.version > version);
      await settled();
    }
    state = await client.playUntil(match.id, seats, options);
    expect(state.status).toBe('finished');
    await settled();
    const turns = channel.tries.filter(
      (t) => t.delivered && t.notification.matchId === match.id && t.notification.kind === 'turn',
    );
    // At most one per (player, turn): no id twice.
    const turnIds = turns.map((t) => t.notification.id);
    expect(new Set(turnIds).size).toBe(turnIds.length);
    expect(turns.length).toBeGreaterThan(0);
    // Each went to the player who had to act at its version, and who had not made that version's event.
    const sql = t.app.get(SqlClient);
    for (const { notification } of turns) {
      const [event] = await sql.query<{ actor_id: string | null }>(
        'SELECT actor_id FROM match_events WHERE match_id = $1::uuid AND seq = $2::int',
        [match.id, notification.data.version],
      );
      expect(event).toBeDefined();
      expect(event.actor_id).not.toBe(notification.userId);
    }
    const finished = channel.tries.filter(
      (t) => t.delivered && t.notification.matchId === match.id && t.notification.kind === 'finished',
    );
    expect(finished.map((t) => t.destination).sort()).toEqual([alice.id, bob.id].sort());
    const won = finished.filter((t) => t.notification.data.won === true);
    expect(won).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('retries a failed delivery with backoff until it goes through, keeping its id', async () => {
    const [alice, bob] = [await account(), await account()];
    channel.failing.set(bob.id, 2);
    await client.create(alice, { variant: 'backgammon', length: 3, opponent: bob.username });
    await channel.until(() => channel.deliveredTo(bob.id).length > 0, 'the invitation after two failures');
    const tries = channel.tries.filter((t) => t.destination === bob.id);
    expect(tries.map((t) => [t.attempt.number, t.delivered])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(new Set(tries.map((t) => t.notification.id)).size).toBe(1);
  });

  it('moves a delivery to the dead-letter queue after its last try', async () => {
    const [alice, bob] = [await account(), await account()];
    channel.failing.set(bob.id, Infinity);
    await client.create(alice, { variant: 'backgammon', length: 3, opponent: bob.username });
    await channel.until(() => channel.tries.some((t) => t.destination === bob.id && t.attempt.final), 'the last try');
    const tries = channel.tries.filter((t) => t.destination === bob.id);
    expect(tries.map((t) => t.attempt.number)).toEqual([1, 2, 3, 4]);
    expect(tries.every((t) => !t.delivered)).toBe(true);
    const sql = t.app.get(SqlClient);
    const end = Date.now() + 30_000;
    let dead: Array<{ data: { destination: string } }> = [];
    while (dead.length === 0 && Date.now() < end) {
      dead = await sql.query(
        `SELECT data FROM pgboss.job WHERE name = 'notification-dead' AND data->>'destination' = $1`,
        [bob.id],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(dead).toHaveLength(1);
  });
});

describe('deadline reminders', () => {
  it('reminds the player on turn once, when half the time is gone and the deadline is near', async () => {
    const [alice, bob] = [await account(), await account()];
    const match = await client.create(alice, {
      variant: 'backgammon',
      length: 3,
      opponent: bob.username,
      daysPerTurn: 1,
    });
    await client.ok(bob, match.id, 'join');
    await settled();
    const state = await client.state(match.id, alice);
    const onTurn =
      state.turn.player === (state.players.white?.username === alice.username ? 'white' : 'black') ? alice : bob;
    const reminders = t.app.get(DeadlineReminders);
    const remindersOf = () =>
      channel.deliveredTo(onTurn.id).filter((n) => n.kind === 'deadline' && n.matchId === match.id);
    clock.advance(6 * HOUR);
    await reminders.sweep();
    await settled();
    expect(remindersOf()).toEqual([]);
    clock.advance(7 * HOUR);
    expect(await reminders.sweep()).toBeGreaterThanOrEqual(1);
    await channel.until(() => remindersOf().length > 0, 'the reminder');
    expect(remindersOf()[0].title).toContain('left to move');
    expect(await reminders.sweep()).toBe(0);
    await settled();
    expect(remindersOf()).toHaveLength(1);
  });
});

// Two nodes share a PostgreSQL server; embedded PGlite is one process's own.
describeOnPostgres('two nodes', () => {
  it('deliver each notification once', async () => {
    const second = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', BOTS_ENABLED: 'false' }, t.db, {
      overrides: [
        { provide: Clock, useValue: clock },
        { provide: NOTIFICATION_CHANNELS, useValue: [channel] },
      ],
    });
    try {
      const other = new MatchClient(second.http);
      const alice = await account();
      const invited = await Promise.all(Array.from({ length: 12 }, () => account()));
      await Promise.all(
        invited.map((bob, i) =>
          (i % 2 === 0 ? client : other).create(alice, { variant: 'backgammon', length: 1, opponent: bob.username }),
        ),
      );
      await channel.until(() => invited.every((bob) => channel.deliveredTo(bob.id).length > 0), 'twelve invitations');
      await settled();
      for (const bob of invited) expect(channel.deliveredTo(bob.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describeOnPostgres('the background pool', () => {
  it('carries the relay and the deliveries, apart from the pool the requests queue on', async () => {
    const alice = await account();
    const bob = await account();
    await client.create(alice, { variant: 'backgammon', length: 1, opponent: bob.username });
    await channel.until(() => channel.deliveredTo(bob.id).length > 0, 'the invitation');
    const [row] = await t.app.get(SqlClient).query<{ background: number }>(
      `SELECT count(*)::int AS background FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'nardy-background'`,
    );
    expect(row.background).toBeGreaterThan(0);
  });
});

describe('the relay’s decisions', () => {
  it('decides each version of a match once, however many outbox rows and transactions name it', async () => {
    const facts = t.app.get(MatchFactsRepository);
    const at = (version: number) => ({ matchId, version }) as MatchFacts;
    const matchId = randomUUID();
    const undecided = (version: number) =>
      facts.transaction(async (tx) => (await facts.undecided(tx, [at(version)])).length);
    expect(await undecided(3)).toBe(1);
    expect(await undecided(3)).toBe(0);
    expect(await undecided(2)).toBe(0);
    expect(await undecided(4)).toBe(1);
    // Two transactions at once at a new version: the second waits for the first's commit, then finds it decided.
    const both = await Promise.all([undecided(5), undecided(5)]);
    expect(both.sort()).toEqual([0, 1]);
  });
});

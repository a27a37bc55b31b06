import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import { TournamentFactsRepository } from '../src/notifications/core/tournament-facts.repository.js';
import { MatchClient, type Player } from './support/match-client.js';
import { itOnPostgres, onPostgres } from './support/database-mode.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { TournamentClient, runningMatches, type TournamentJson } from './support/tournament-client.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Tournament notifications over HTTP (docs/notifications.md, "Tournaments"), delivered to a real
 * webhook receiver on this machine: a tournament's entries announced to the players whose rating
 * its limits take (not to one outside them, nor to its organiser), the matches' readiness to both
 * players, a winner's going through, the end to every entrant with their place; each exactly once,
 * signed; at most 5 announcements a day to a player, however many open near them at once. On
 * PostgreSQL two app instances share the database, each with its relays, and the requests alternate
 * between them: each notification still arrives once.
 */
const ENV = {
  AUTH_THROTTLE_LIMIT: '1000',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  TOURNAMENTS_POLL_MS: '200',
  BOTS_ENABLED: 'false',
};
const TOURNAMENT_EVENTS = ['tournament.open', 'tournament.match-ready', 'tournament.advanced', 'tournament.finished'];

let a: TestApp;
let b: TestApp | null = null;
let receiver: WebhookReceiver;
beforeAll(async () => {
  a = await startTestApp(ENV);
  if (onPostgres) b = await startTestApp(ENV, a.db);
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver?.close();
  await b?.close();
  await a?.close();
});

/** The nodes' HTTP servers, taken in turn. */
let turn = 0;
const node = () => (b === null || turn++ % 2 === 0 ? a : b).http;

interface Account extends Player {
  readonly id: string;
  secret: string;
}

/** A player with `rating`, and a webhook of theirs at /{name} subscribed to the tournament events. */
async function account(name: string, rating: number): Promise<Account> {
  const player = await new MatchClient(node()).register(name);
  const auth = { Authorization: `Bearer ${player.token}` };
  const me = await request(node()).get('/api/users/me').set(auth).expect(200);
  const id = (me.body as { id: string }).id;
  await a.app.get(SqlClient).query('UPDATE users SET rating = $2 WHERE id = $1', [id, rating]);
  const hook = await request(node())
    .post('/api/users/me/webhooks')
    .set(auth)
    .send({ url: receiver.url(`/${name}`), events: TOURNAMENT_EVENTS })
    .expect(201);
  return { ...player, id, secret: (hook.body as { secret: string }).secret };
}

interface Delivered {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/** What reached `player`'s webhook, each delivery verified as Standard Webhooks says. */
function deliveredTo(player: Account): Delivered[] {
  return receiver.to(`/${player.username}`).map((req) => {
    const event = new Webhook(player.secret).verify(req.body, req.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    return { id: req.headers['webhook-id'] as string, type: event.type, data: event.data };
  });
}
const ofType = (player: Account, type: string): Delivered[] => deliveredTo(player).filter((d) => d.type === type);

/** Waits until `player` has `count` deliveries of `type`; those deliveries. */
const received = (player: Account, type: string, count = 1): Promise<Delivered[]> =>
  eventually(() => {
    const got = ofType(player, type);
    return got.length >= count ? got : undefined;
  });

/** Waits until the outboxes are empty and no delivery is left to make. */
async function settled(): Promise<void> {
  await eventually(async () => {
    const [row] = await a.app.get(SqlClient).query<{ left: number }>(
      `SELECT (SELECT count(*)::int FROM outbox
                 WHERE consumer IN ('notifications.tournament', 'tournaments.result', 'tournaments.step'))
            + (SELECT count(*)::int FROM pgboss.job WHERE name LIKE 'notification-%' AND name <> 'notification-dead'
                 AND state IN ('created', 'retry', 'active')) AS left`,
    );
    return row.left === 0 ? true : undefined;
  });
  // A relay woken late finds nothing more to send: a second look after its periodic one.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The match of `slot` is left by the player who is not `winner`. */
async function leave(tournament: TournamentJson, round: number, slot: number, loser: Account): Promise<void> {
  const match = tournament.rounds[round - 1].matches[slot];
  await request(node())
    .post(`/api/matches/${match.matchId}/leave`)
    .set('Authorization', `Bearer ${loser.token}`)
    .send({})
    .expect(200);
}

describe('a knock-out of four, told', () => {
  it('announces, readies, advances and finishes it, to whom it concerns, once each', async () => {
    const organiser = await account('organiser', 1500);
    const [ann, ben, cat, dan] = [
      await account('ann', 1580),
      await account('ben', 1520),
      await account('cat', 1470),
      await account('dan', 1410),
    ];
    const far = await account('far', 1800);
    const entrants = [ann, ben, cat, dan];
    const tournaments = () => new TournamentClient(node());

    const created = await tournaments().create(organiser, {
      name: 'Autumn Cup',
      variant: 'backgammon',
      format: 'knockout',
      lengths: [1],
      daysPerTurn: null,
      maxPlayers: 4,
      minRating: 1400,
      maxRating: 1600,
    });
    // Entries open: every player in 1400-1600 hears of it, not the organiser, not a player at 1800.
    for (const player of entrants) {
      const [open] = await received(player, 'tournament.open');
      expect(open.data).toMatchObject({
        tournamentId: created.id,
        tournament: 'Autumn Cup',
        organiser: 'organiser',
        minRating: 1400,
        maxRating: 1600,
        maxPlayers: 4,
        matchId: null,
      });
    }

    for (const player of entrants) await tournaments().enter(player, created.id);
    await tournaments().start(organiser, created.id);
    const started = await tournaments().waitFor(created.id, (x) => runningMatches(x).length === 2, 'two matches');
    // Seeds by rating: ann (1) plays dan (4), ben (2) plays cat (3).
    const [top, bottom] = started.rounds[0].matches;
    expect([top.players, bottom.players]).toEqual([
      ['ann', 'dan'],
      ['ben', 'cat'],
    ]);
    for (const [player, match, opponent] of [
      [ann, top, 'dan'],
      [dan, top, 'ann'],
      [ben, bottom, 'cat'],
      [cat, bottom, 'ben'],
    ] as const) {
      const [ready] = await received(player, 'tournament.match-ready');
      expect(ready.data).toMatchObject({
        tournamentId: created.id,
        matchId: match.matchId,
        round: 1,
        final: false,
        opponent,
        length: 1,
      });
    }

    // dan leaves: ann goes through to the final. cat leaves: ben does.
    await leave(started, 1, 0, dan);
    const [annThrough] = await received(ann, 'tournament.advanced');
    expect(annThrough.data).toMatchObject({ tournamentId: created.id, round: 2, from: 1, by: 'match', final: true });
    expect(annThrough.data.opponent).toBe('dan');
    await leave(started, 1, 1, cat);
    await received(ben, 'tournament.advanced');
    const final = await tournaments().waitFor(created.id, (x) => x.rounds[1].matches[0].matchId !== null, 'the final');
    for (const [player, opponent] of [
      [ann, 'ben'],
      [ben, 'ann'],
    ] as const) {
      const readies = await received(player, 'tournament.match-ready', 2);
      expect(readies[1].data).toMatchObject({
        matchId: final.rounds[1].matches[0].matchId,
        round: 2,
        final: true,
        opponent,
      });
    }

    // ben leaves the final: ann is the champion; every entrant hears of the end with their place.
    await leave(final, 2, 0, ben);
    const places = new Map<string, unknown>();
    for (const player of entrants) {
      const [end] = await received(player, 'tournament.finished');
      expect(end.data).toMatchObject({ tournamentId: created.id, champion: 'ann', players: 4 });
      places.set(player.username, end.data.rank);
    }
    expect(Object.fromEntries(places)).toEqual({ ann: 1, ben: 2, cat: 3, dan: 3 });

    await settled();
    // Once each: the counts of what each heard, and no webhook-id twice.
    const counts = (player: Account) => TOURNAMENT_EVENTS.map((type) => ofType(player, type).length);
    expect(counts(ann)).toEqual([1, 2, 1, 1]);
    expect(counts(ben)).toEqual([1, 2, 1, 1]);
    expect(counts(cat)).toEqual([1, 1, 0, 1]);
    expect(counts(dan)).toEqual([1, 1, 0, 1]);
    expect(deliveredTo(far)).toEqual([]);
    expect(deliveredTo(organiser)).toEqual([]);
    const ids = receiver.requests.map((req) => req.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the announcement', () => {
  it('without rating limits reaches ratings within 150 of the organiser’s', async () => {
    const host = await account('host', 1700);
    const near = await account('near', 1840);
    const below = await account('below', 1545);
    const created = await new TournamentClient(node()).create(host, {
      name: 'Open Evening',
      variant: 'long-nardy',
      format: 'round-robin',
      lengths: [3],
      daysPerTurn: 2,
      maxPlayers: 8,
    });
    const [open] = await received(near, 'tournament.open');
    expect(open.data).toMatchObject({ tournamentId: created.id, minRating: null, maxRating: null });
    await settled();
    expect(ofType(below, 'tournament.open')).toEqual([]);
    expect(ofType(host, 'tournament.open')).toEqual([]);
  });
});

describe('a day of announcements', () => {
  it('tells each player of at most 5 (TOURNAMENT_ANNOUNCEMENTS_PER_DAY), however many organisers near them open one at once', async () => {
    // Far above every other player of this file: only these hear of these tournaments.
    const reader = await account('reader', 2500);
    const hosts: Account[] = [];
    for (let i = 0; i < 8; i++) hosts.push(await account(`host_${i}`, 2510 + i));
    await Promise.all(
      hosts.map((host, i) =>
        new TournamentClient(node()).create(host, {
          name: `Evening ${i}`,
          variant: 'backgammon',
          format: 'knockout',
          lengths: [1],
          daysPerTurn: 2,
          maxPlayers: 8,
        }),
      ),
    );
    await received(reader, 'tournament.open', 5);
    await settled();
    // Eight opened near the reader, seven near each host (not their own): each is told of five.
    expect(ofType(reader, 'tournament.open')).toHaveLength(5);
    for (const host of hosts) expect(ofType(host, 'tournament.open')).toHaveLength(5);
    const [row] = await a.app
      .get(SqlClient)
      .query<{ n: number }>(
        `SELECT cardinality(received_at) AS n FROM tournament_announcement_receipts WHERE user_id = $1`,
        [reader.id],
      );
    expect(row.n).toBe(5);
  });
});

describe('the relay’s decisions', () => {
  itOnPostgres('hold each tournament’s decided version: a second transaction waits, then finds it raised', async () => {
    const facts = a.app.get(TournamentFactsRepository, { strict: false });
    const id = randomUUID();
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const first = facts.transaction(async (tx) => {
      const version = (await facts.lockDecided(tx, [id])).get(id);
      held();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await facts.markDecided(tx, new Map([[id, 7]]));
      return version;
    });
    await holding;
    const second = facts.transaction(async (tx) => (await facts.lockDecided(tx, [id])).get(id));
    expect(await first).toBe(0);
    expect(await second).toBe(7);
    // Raised only upwards.
    await facts.transaction((tx) => facts.markDecided(tx, new Map([[id, 3]])));
    expect(await facts.transaction(async (tx) => (await facts.lockDecided(tx, [id])).get(id))).toBe(7);
  });
});

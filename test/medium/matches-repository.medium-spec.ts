import pg from 'pg';
import { PoolSqlClient, SqlClient } from '../../src/database/sql-client.js';
import type { MatchEvent } from '../../src/engine/index.js';
import type { MatchProjection } from '../../src/matches/model/match-record.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import { ReplayCheckRepository } from '../../src/matches/core/replay-check.repository.js';
import { MatchStreamsRepository } from '../../src/matches/live/match-streams.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { waitForLockWaiters } from './lock-waiters.js';
import { matchTerms, minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/** The starting position's gnubg Position ID. */
const START = '4HPwATDgc/ABMA';

const join = (colour: 'white' | 'black'): MatchEvent => ({ type: 'join', colour });
const openingRoll: MatchEvent = { type: 'opening-roll', white: 3, black: 1 };
const play: MatchEvent = {
  type: 'play',
  by: 'white',
  moves: [
    { from: 8, to: 5 },
    { from: 6, to: 5 },
  ],
};

const m = useMediumApp([UsersModule], {
  providers: [MatchesRepository, MatchStreamsRepository, ReplayCheckRepository],
});
const repo = m.provider(MatchesRepository);
const streams = m.provider(MatchStreamsRepository);
const replay = m.provider(ReplayCheckRepository);
let alice: User;
let bob: User;
beforeAll(async () => {
  [alice, bob] = await m.driver.newUsers('alice', 'bob');
});

/** The projection once both have joined and white is to play with a clock running. */
function whiteToPlay(): MatchProjection {
  return projection({
    status: 'playing',
    whiteId: alice.id,
    blackId: bob.id,
    turnColour: 'white',
    turnUserId: alice.id,
    awaiting: 'play',
    clock: {
      turnStartedAt: minute(2),
      deadline: minute(2 + 3 * 24 * 60),
      bankMs: { white: 604_800_000, black: 9_007_199_254_740 },
    },
  });
}

/** A match where alice (white) and bob (black) have joined: version 2. */
async function seatedMatch(): Promise<string> {
  const terms = matchTerms(alice.id, { invitedId: bob.id });
  await repo.create(
    terms,
    [stored(join('white'), alice.id), stored(join('black'), bob.id)],
    projection({ whiteId: alice.id, blackId: bob.id, status: 'playing' }),
    minute(0),
  );
  return terms.id;
}

const eventCount = async (id: string) =>
  (
    await m.get(SqlClient).query<{ n: number }>('SELECT count(*)::int AS n FROM match_events WHERE match_id = $1', [id])
  )[0].n;

describe('MatchesRepository.create and findById', () => {
  it('stores the terms, projection and first events, and reads back every field with the players’ names and settings', async () => {
    await m.get(SqlClient).query('UPDATE users SET auto_play_forced = true WHERE id = $1', [bob.id]);
    const terms = matchTerms(alice.id, {
      variant: 'long-nardy',
      length: 0,
      rules: { ...matchTerms(alice.id).rules, koks: false, cubeLimit: 64 },
      daysPerTurn: null,
      bankDays: 0,
      invitedId: bob.id,
    });
    const written: MatchProjection = {
      ...whiteToPlay(),
      scoreWhite: 2,
      scoreBlack: 1,
      gameNumber: 4,
      cubeValue: 4,
      cubeOwner: 'black',
    };
    await repo.create(
      terms,
      [stored(join('white'), alice.id), stored(join('black'), bob.id), stored(openingRoll, null, START)],
      written,
      minute(1),
    );

    expect(await repo.findById(terms.id)).toEqual({
      id: terms.id,
      variant: 'long-nardy',
      length: 0,
      rules: terms.rules,
      daysPerTurn: null,
      bankDays: 0,
      creatorId: alice.id,
      invited: { id: bob.id, username: 'bob' },
      white: { id: alice.id, username: 'alice', autoPlayForced: false, bot: false },
      black: { id: bob.id, username: 'bob', autoPlayForced: true, bot: false },
      version: 3,
      diceCommitment: terms.diceCommitment,
      diceSeed: terms.diceSeed,
      source: 'played',
      importedPlayers: null,
      rated: false,
      unratedReason: null,
      ratingChanges: null,
      projection: written,
      createdAt: minute(1),
      updatedAt: minute(1),
    });
  });

  it('stores an imported match with its players as the file names them, nobody seated', async () => {
    const terms = matchTerms(alice.id, {
      source: 'imported',
      importedPlayers: { white: 'gnubg', black: 'Jellyfish 3.5' },
    });
    await repo.create(terms, [stored(join('white'), null)], projection({ status: 'finished' }), minute(1));
    expect(await repo.findById(terms.id)).toMatchObject({
      source: 'imported',
      importedPlayers: { white: 'gnubg', black: 'Jellyfish 3.5' },
      white: null,
      black: null,
    });
  });

  it('stores each engine event whole in data, its type and acting colour in their columns, numbered from 1', async () => {
    const terms = matchTerms(alice.id);
    await repo.create(
      terms,
      [stored(join('white'), alice.id), stored(openingRoll, null, START), stored(play, alice.id)],
      projection(),
      minute(5),
    );
    const rows = await m
      .get(SqlClient)
      .query(
        'SELECT seq, type, by_colour, actor_id, data, position_id, created_at FROM match_events WHERE match_id = $1 ORDER BY seq',
        [terms.id],
      );
    expect(rows).toEqual([
      {
        seq: 1,
        type: 'join',
        by_colour: 'white',
        actor_id: alice.id,
        data: join('white'),
        position_id: null,
        created_at: minute(5),
      },
      {
        seq: 2,
        type: 'opening-roll',
        by_colour: null,
        actor_id: null,
        data: openingRoll,
        position_id: START,
        created_at: minute(5),
      },
      {
        seq: 3,
        type: 'play',
        by_colour: 'white',
        actor_id: alice.id,
        data: play,
        position_id: null,
        created_at: minute(5),
      },
    ]);
  });

  it('stores neither the match nor any event when one event cannot be stored (one statement)', async () => {
    const terms = matchTerms(alice.id);
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expect(
      repo.create(terms, [stored(join('white'), alice.id), stored(join('black'), nobody)], projection(), minute(0)),
    ).rejects.toThrow();
    expect(await repo.findById(terms.id)).toBeNull();
    expect(await eventCount(terms.id)).toBe(0);
  });

  it('finds nothing for an unknown id, and for a string that is not a UUID without asking the database', async () => {
    const statements: string[] = [];
    const recording = new (class extends SqlClient {
      query<Row extends object>(text: string, params?: readonly unknown[]): Promise<Row[]> {
        statements.push(text);
        return m.get(SqlClient).query<Row>(text, params);
      }
      transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
        return m.get(SqlClient).transaction(work);
      }
    })();
    const watched = new MatchesRepository(recording);
    expect(await watched.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(statements).toHaveLength(1);
    expect(await watched.findById("x' OR '1'='1")).toBeNull();
    expect(await watched.findById('')).toBeNull();
    expect(statements).toHaveLength(1);
  });
});

describe('MatchesRepository.eventsAfter', () => {
  it('answers the events after a seq in seq order, at most `limit` of them', async () => {
    const terms = matchTerms(alice.id);
    const events = [join('white'), join('black'), openingRoll, play].map((e) => stored(e));
    await repo.create(terms, events, projection(), minute(0));
    const seqs = async (after: number, limit: number) =>
      (await repo.eventsAfter(terms.id, after, limit)).map((e) => [e.seq, e.event.type]);
    expect(await seqs(0, 10)).toEqual([
      [1, 'join'],
      [2, 'join'],
      [3, 'opening-roll'],
      [4, 'play'],
    ]);
    expect(await seqs(1, 2)).toEqual([
      [2, 'join'],
      [3, 'opening-roll'],
    ]);
    expect(await seqs(4, 10)).toEqual([]);
    expect(await repo.eventsAfter('not-a-uuid', 0, 10)).toEqual([]);
  });
});

describe('MatchStreamsRepository for a player stream', () => {
  it('finds the matches a player follows, their versions, and the first seq of each written since a time', async () => {
    const carol = (await m.driver.newUser({ username: 'carol' })).user;
    const dave = (await m.driver.newUser({ username: 'dave' })).user;
    const seated = projection({ status: 'playing', whiteId: carol.id, blackId: dave.id });
    const playing = matchTerms(carol.id);
    await repo.create(playing, [stored(join('white'), carol.id), stored(join('black'), dave.id)], seated, minute(0));
    expect(
      await repo.append({
        id: playing.id,
        expectedVersion: 2,
        events: [stored(openingRoll), stored(play, carol.id)],
        projection: seated,
        at: minute(10),
      }),
    ).toBe(true);
    const invited = matchTerms(dave.id, { invitedId: carol.id });
    await repo.create(invited, [stored(join('white'), dave.id)], projection({ whiteId: dave.id }), minute(5));
    const over = matchTerms(carol.id);
    const finished = { ...seated, status: 'finished' as const, winner: 'white' as const, endReason: 'points' as const };
    await repo.create(over, [stored(join('white'), carol.id)], finished, minute(1));
    const elsewhere = matchTerms(dave.id);
    await repo.create(elsewhere, [stored(join('white'), dave.id)], projection({ whiteId: dave.id }), minute(20));

    expect(await streams.activeVersions(carol.id)).toEqual(
      new Map([
        [playing.id, 4],
        [invited.id, 1],
      ]),
    );
    expect(await streams.firstSeqsSince(carol.id, minute(5))).toEqual(
      new Map([
        [playing.id, 3],
        [invited.id, 1],
      ]),
    );
    expect(await streams.firstSeqsSince(carol.id, minute(11))).toEqual(new Map());
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await streams.versionsOf([playing.id, over.id, unknown])).toEqual(
      new Map([
        [playing.id, 4],
        [over.id, 1],
      ]),
    );
    expect(await streams.versionsOf([])).toEqual(new Map());
  });
});

describe('MatchesRepository.append', () => {
  it('at the current version writes the events as the next seqs, the projection, the version and the time', async () => {
    const id = await seatedMatch();
    const after = whiteToPlay();
    expect(
      await repo.append({
        id,
        expectedVersion: 2,
        events: [stored(openingRoll, null, START), stored(play, alice.id)],
        projection: after,
        at: minute(9),
      }),
    ).toBe(true);
    const match = await repo.findById(id);
    expect(match).toMatchObject({ version: 4, projection: after, createdAt: minute(0), updatedAt: minute(9) });
    expect(await replay.readProjection(id)).toEqual(after);
    const events = await repo.eventsAfter(id, 2, 10);
    expect(events).toEqual([
      { seq: 3, event: openingRoll, actorId: null, positionId: START, at: minute(9) },
      { seq: 4, event: play, actorId: alice.id, positionId: null, at: minute(9) },
    ]);
  });

  it.each([
    ['behind', 1],
    ['ahead of', 3],
  ])('at a version %s the current one returns false and changes nothing', async (_, stale) => {
    const id = await seatedMatch();
    const before = await repo.findById(id);
    expect(
      await repo.append({
        id,
        expectedVersion: stale,
        events: [stored(openingRoll)],
        projection: whiteToPlay(),
        at: minute(9),
      }),
    ).toBe(false);
    expect(await repo.findById(id)).toEqual(before);
    expect(await eventCount(id)).toBe(2);
  });

  it('returns false for a match that does not exist', async () => {
    const playOn = (id: string) => ({
      id,
      expectedVersion: 0,
      events: [stored(play)],
      projection: whiteToPlay(),
      at: minute(9),
    });
    expect(await repo.append(playOn('00000000-0000-4000-8000-000000000000'))).toBe(false);
    expect(await repo.append(playOn('not-a-uuid'))).toBe(false);
  });

  it('returns false, and undoes the projection too, when an event’s seq is taken although the version matched', async () => {
    const id = await seatedMatch();
    await m.get(SqlClient).query('UPDATE matches SET version = 1 WHERE id = $1', [id]);
    const before = await repo.findById(id);
    expect(
      await repo.append({
        id,
        expectedVersion: 1,
        events: [stored(openingRoll)],
        projection: whiteToPlay(),
        at: minute(9),
      }),
    ).toBe(false);
    expect(await repo.findById(id)).toEqual(before);
    expect((await repo.eventsAfter(id, 0, 10)).map((e) => e.event)).toEqual([join('white'), join('black')]);
  });

  it('refuses to append no events', async () => {
    const id = await seatedMatch();
    await expect(
      repo.append({ id, expectedVersion: 2, events: [], projection: whiteToPlay(), at: minute(9) }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses an append that is both a rated end and a join, writing nothing', async () => {
    const id = await seatedMatch();
    const before = await repo.findById(id);
    const joinCheck = { joinerId: bob.id, asBot: false, ratedPair: null };
    await expect(
      repo.append({
        id,
        expectedVersion: 2,
        events: [stored(openingRoll)],
        projection: whiteToPlay(),
        at: minute(9),
        rated: { abortedBy: alice.id },
        join: joinCheck,
      }),
    ).rejects.toThrow(RangeError);
    expect(await repo.findById(id)).toEqual(before);
  });

  itOnPostgres(
    'of two appends racing at the same version on two connections, exactly one is written, whole',
    async () => {
      const id = await seatedMatch();
      const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: m.db.url, max: 1 }));
      const [racerA, racerB] = pools.slice(0, 2).map((pool) => new MatchesRepository(new PoolSqlClient(pool)));
      const locker = await pools[2].connect();
      try {
        // Both statements start while a third session holds the match row, so both are in
        // flight at version 2 when it is let go.
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [id]);
        const race = Promise.all([
          racerA.append({
            id,
            expectedVersion: 2,
            events: [stored(openingRoll), stored(play, alice.id)],
            projection: whiteToPlay(),
            at: minute(9),
          }),
          racerB.append({
            id,
            expectedVersion: 2,
            events: [stored({ type: 'abort', by: 'black' }, bob.id)],
            projection: projection(),
            at: minute(9),
          }),
        ]);
        await waitForLockWaiters(m.get(SqlClient), 2);
        await locker.query('COMMIT');
        const [a, b] = await race;
        expect([a, b].filter(Boolean)).toHaveLength(1);
        const written = a ? [openingRoll, play] : [{ type: 'abort', by: 'black' }];
        expect((await repo.eventsAfter(id, 2, 10)).map((e) => e.event)).toEqual(written);
        expect((await repo.findById(id))?.version).toBe(2 + written.length);
      } finally {
        locker.release();
        await Promise.all(pools.map((pool) => pool.end()));
      }
    },
  );
});

describe('match_events is append-only', () => {
  it.each([
    ['UPDATE', "UPDATE match_events SET type = 'roll' WHERE match_id = $1"],
    ['DELETE', 'DELETE FROM match_events WHERE match_id = $1'],
    ['TRUNCATE', 'TRUNCATE match_events'],
  ])('refuses %s and keeps the events', async (operation, statement) => {
    const id = await seatedMatch();
    const params = statement.includes('$1') ? [id] : [];
    await expect(m.get(SqlClient).query(statement, params)).rejects.toThrow(
      `match_events is append-only: ${operation} refused`,
    );
    expect((await repo.eventsAfter(id, 0, 10)).map((e) => e.event)).toEqual([join('white'), join('black')]);
  });
});

describe('ReplayCheckRepository for the replay check', () => {
  it('lists every match id in id order, a batch at a time', async () => {
    await seatedMatch();
    const everyId = (
      await m.get(SqlClient).query<{ id: string }>('SELECT id::text AS id FROM matches ORDER BY id')
    ).map((r) => r.id);
    const batches: string[][] = [];
    for (let after: string | null = null; ;) {
      const batch = await replay.matchIds(after, 2);
      if (batch.length === 0) break;
      batches.push(batch);
      after = batch[batch.length - 1];
    }
    expect(batches.flat()).toEqual(everyId);
    expect(batches.slice(0, -1).every((b) => b.length === 2)).toBe(true);
  });

  it('reads no projection for an unknown match', async () => {
    expect(await replay.readProjection('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

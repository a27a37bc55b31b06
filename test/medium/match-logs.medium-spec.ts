import { jest } from '@jest/globals';
import { SqlClient } from '../../src/database/sql-client.js';
import type { MatchEvent } from '../../src/engine/index.js';
import { playRandomMatch } from '../../src/engine/testing/index.js';
import type { MatchRecord, StoredMatchEvent } from '../../src/matches/model/match-record.js';
import { MatchStore } from '../../src/matches/core/match-store.js';
import { MatchesModule } from '../../src/matches/matches.module.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import type { User } from '../../src/users/user.js';
import { minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * Finished match logs (docs/architecture.md, "Finished match logs"): when a
 * match's status becomes finished, the database writes its whole log into one
 * match_logs row, which holds exactly the match's event rows and is never
 * changed; the store then reads a finished match from that one row.
 */
const m = useMediumApp([MatchesModule]);
const sql = m.provider(SqlClient);
/** The repository itself, not a stand-in: the tests spy on it. */
let repository: MatchesRepository;
let ann: User;
let ben: User;
beforeAll(async () => {
  repository = m.get(MatchesRepository);
  [ann, ben] = await m.driver.newUsers('ann', 'ben');
}, 60_000);

/** A whole 3-point backgammon match the engine played with random legal plays, as its events. */
function finishedMatchEvents(seed: number): MatchEvent[] {
  const played = playRandomMatch({ variant: 'backgammon', length: 3 }, seed, { timeouts: false, keepStates: false });
  expect(played.states[played.states.length - 1].status).toBe('finished');
  return [...played.events];
}

const rowsOf = (id: string): Promise<StoredMatchEvent[]> => repository.eventsAfter(id, 0, 100_000);
const finished = { status: 'finished' as const, winner: 'white' as const, endReason: 'points' as const };

/** Stores `events` as one match: its first `split` in the create, the rest in one append with `last` as the projection. */
async function storeMatch(events: readonly MatchEvent[], split: number, last = projection(finished)) {
  const match = await m.driver.seedMatch({
    creator: ann,
    terms: { length: 3 },
    projection: { status: 'playing', whiteId: ann.id, blackId: ben.id },
    events: events.slice(0, split).map((event) => stored(event, ann.id, 'sL8AAOCzBwAAOw')),
    at: minute(1),
  });
  const rest = events.slice(split).map((event) => stored(event));
  const written = await repository.append({
    id: match.id,
    expectedVersion: split,
    events: rest,
    projection: { ...last, finishedAt: minute(9) },
    at: minute(9),
  });
  expect(written).toBe(true);
  return match;
}

describe('finished match logs', () => {
  it('are written when the append that finishes a match commits, holding exactly its event rows', async () => {
    const events = finishedMatchEvents(3);
    const match = await storeMatch(events, 10, projection({ status: 'playing' }));
    expect(await repository.finishedLog(match.id)).toBeNull();
    const more = [stored({ type: 'resign', by: 'white', value: 1 })];
    expect(
      await repository.append({
        id: match.id,
        expectedVersion: events.length,
        events: more,
        projection: projection(finished),
        at: minute(10),
      }),
    ).toBe(true);
    const log = await repository.finishedLog(match.id);
    expect(log).toHaveLength(events.length + 1);
    expect(log).toEqual(await rowsOf(match.id));
    expect(log![0]).toMatchObject({ seq: 1, actorId: ann.id, positionId: 'sL8AAOCzBwAAOw', at: minute(1) });
    expect(log![log!.length - 1]).toMatchObject({ event: more[0].event, actorId: null, at: minute(10) });
  });

  it('are written for a match stored finished in one statement (an import), and never for one under way or aborted', async () => {
    const events = finishedMatchEvents(4);
    const imported = await m.driver.seedMatch({
      creator: ann,
      projection: finished,
      events: events.map((event) => stored(event)),
    });
    expect(await repository.finishedLog(imported.id)).toEqual(await rowsOf(imported.id));
    const playing = await storeMatch(events, 5, projection({ status: 'playing' }));
    const aborted = await m.driver.seedMatch({ creator: ben, projection: { status: 'aborted' } });
    expect(await repository.finishedLog(playing.id)).toBeNull();
    expect(await repository.finishedLog(aborted.id)).toBeNull();
  });

  it('refuse UPDATE, DELETE and TRUNCATE: a log once written stays as it is', async () => {
    const match = await storeMatch(finishedMatchEvents(5), 20);
    const before = await repository.finishedLog(match.id);
    for (const change of [
      `UPDATE match_logs SET events = '[]'::json, version = 0 WHERE match_id = $1::uuid`,
      `DELETE FROM match_logs WHERE match_id = $1::uuid`,
    ]) {
      await expect(sql.query(change, [match.id])).rejects.toThrow(/match_logs is write-once/);
    }
    await expect(sql.query('TRUNCATE match_logs CASCADE')).rejects.toThrow(/match_logs is write-once/);
    expect(await repository.finishedLog(match.id)).toEqual(before);
  });
});

describe('a finished match without a whole log', () => {
  it('gets none when its events are not all there as it finishes (rows written apart), and is read from its rows', async () => {
    const events = finishedMatchEvents(8);
    const copied = await storeMatch(events, 10);
    // The same match again under a new id: its row committed first, finished, its events after.
    const [{ id }] = await sql.query<{ id: string }>(
      `INSERT INTO matches (id, variant, length, rules, status, creator_id, white_id, black_id, version,
                            dice_commitment, dice_seed, winner, end_reason, updated_at, finished_at)
       SELECT gen_random_uuid(), variant, length, rules, status, creator_id, white_id, black_id, version,
              dice_commitment, dice_seed, winner, end_reason, updated_at, finished_at
         FROM matches WHERE id = $1::uuid
       RETURNING id::text`,
      [copied.id],
    );
    await sql.query(
      `INSERT INTO match_events (match_id, seq, type, by_colour, actor_id, data, position_id, created_at)
       SELECT $2::uuid, seq, type, by_colour, actor_id, data, position_id, created_at
         FROM match_events WHERE match_id = $1::uuid`,
      [copied.id, id],
    );
    expect(await repository.finishedLog(id)).toBeNull();
    const record = (await repository.findById(id))!;
    expect(record.projection.status).toBe('finished');
    expect(await m.get(MatchStore).events(record)).toEqual(await rowsOf(id));
    expect((await m.get(MatchStore).load(id)).state.status).toBe('finished');
  });

  it('has its rows read when its log does not read as its events, with a warning, and no 500', async () => {
    const match = await storeMatch(finishedMatchEvents(9), 15);
    const record = (await repository.findById(match.id))!;
    await sql.query('ALTER TABLE match_logs DISABLE TRIGGER match_logs_no_update_or_delete');
    try {
      await sql.query(`UPDATE match_logs SET events = '[]'::json WHERE match_id = $1::uuid`, [match.id]);
    } finally {
      await sql.query('ALTER TABLE match_logs ENABLE TRIGGER match_logs_no_update_or_delete');
    }
    await expect(repository.finishedLog(match.id)).rejects.toThrow(/holds 0 events, not \d+/);
    expect(await m.get(MatchStore).events(record)).toEqual(await rowsOf(match.id));
    expect(
      m.logs.entries.some((e) => e.level === 'warn' && e.text.includes(`The log of match ${match.id} is not read`)),
    ).toBe(true);
  });
});

describe('the store on a finished match', () => {
  let match: MatchRecord;
  let events: MatchEvent[];
  beforeAll(async () => {
    events = finishedMatchEvents(6);
    const seeded = await storeMatch(events, 30);
    match = (await repository.findById(seeded.id))!;
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads its events from the log row in one query, and from memory after that', async () => {
    const store = m.get(MatchStore);
    const logReads = jest.spyOn(repository, 'finishedLog');
    const rowReads = jest.spyOn(repository, 'eventsAfter');
    const all = await store.events(match);
    expect(all).toEqual(await rowsOf(match.id));
    rowReads.mockClear();
    expect(await store.events(match, 10, 20)).toEqual(all.slice(10, 20));
    const { state } = await store.loadAfter(match.id, events.length - 1);
    expect(state.eventCount).toBe(events.length - 1);
    expect(logReads).toHaveBeenCalledTimes(1);
    expect(rowReads).not.toHaveBeenCalled();
  });

  it('reads the rows of a match under way a page at a time, as before', async () => {
    const playing = await storeMatch(finishedMatchEvents(7), 12, projection({ status: 'playing' }));
    const record = (await repository.findById(playing.id))!;
    const logReads = jest.spyOn(repository, 'finishedLog');
    expect(await m.get(MatchStore).events(record, 3)).toEqual((await rowsOf(playing.id)).slice(3));
    expect(logReads).not.toHaveBeenCalled();
  });
});

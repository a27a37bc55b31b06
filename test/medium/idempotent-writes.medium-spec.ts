import { createHash } from 'node:crypto';
import { SqlClient } from '../../src/database/sql-client.js';
import type { MatchEvent } from '../../src/engine/index.js';
import type { IdempotentAnswer } from '../../src/idempotency/idempotency-context.js';
import { IdempotencyKeyInUseError } from '../../src/idempotency/idempotency.errors.js';
import { ABANDONED_RESERVATION_MS, IdempotencyRepository } from '../../src/idempotency/idempotency.repository.js';
import { MatchesRepository, type MatchAppend } from '../../src/matches/core/matches.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { matchTerms, minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * A match written together with its Idempotency-Key answer (docs/architecture.md,
 * "API conventions"): the effect and the answer commit in one statement, and
 * only while the request still holds its key.
 */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository, IdempotencyRepository] });
const matches = m.provider(MatchesRepository);
const keys = m.provider(IdempotencyRepository);
let alice: User;
let bob: User;
beforeAll(async () => {
  [alice, bob] = await m.driver.newUsers('alice', 'bob');
});

const request = createHash('sha256').update('POST /api/matches {}').digest('hex');
let n = 0;

/** A key alice reserved at `reservedAt`, and the answer a request holding it would store. */
async function heldKey(reservedAt = minute(0)): Promise<IdempotentAnswer> {
  const key = `write-key-${++n}`;
  expect(await keys.reserve(alice.id, key, request, reservedAt)).toEqual({ kind: 'reserved' });
  return { userId: alice.id, key, reservedAt, statusCode: 201, response: { answer: n } };
}

/** What a retry of the request finds, a moment after the reservation (well within ABANDONED_RESERVATION_MS). */
const replayOf = (answer: IdempotentAnswer) =>
  keys.reserve(alice.id, answer.key, request, new Date(answer.reservedAt.getTime() + 1));
const join = (colour: 'white' | 'black'): MatchEvent => ({ type: 'join', colour });
const eventCount = async (id: string) =>
  (
    await m.get(SqlClient).query<{ n: number }>('SELECT count(*)::int AS n FROM match_events WHERE match_id = $1', [id])
  )[0].n;

async function seatedMatch(): Promise<string> {
  const terms = matchTerms(alice.id, { invitedId: bob.id, rated: true });
  const seated = projection({ whiteId: alice.id, blackId: bob.id, status: 'playing' });
  await matches.create(terms, [stored(join('white'), alice.id), stored(join('black'), bob.id)], seated, minute(0));
  return terms.id;
}

describe('MatchesRepository.create with an Idempotency-Key answer', () => {
  it('writes the match and the answer together', async () => {
    const answer = await heldKey();
    const terms = matchTerms(alice.id);
    await matches.create(terms, [stored(join('white'), alice.id)], projection(), minute(0), answer);
    expect((await matches.findById(terms.id))?.version).toBe(1);
    expect(await replayOf(answer)).toEqual({ kind: 'replay', statusCode: 201, response: answer.response });
  });

  it('writes nothing, and says the key is in use, when a retry took the reservation over', async () => {
    const answer = await heldKey();
    const abandoned = new Date(minute(0).getTime() + ABANDONED_RESERVATION_MS + 1);
    expect(await keys.reserve(alice.id, answer.key, request, abandoned)).toEqual({ kind: 'reserved' });
    const terms = matchTerms(alice.id);
    await expect(
      matches.create(terms, [stored(join('white'), alice.id)], projection(), minute(0), answer),
    ).rejects.toThrow(IdempotencyKeyInUseError);
    expect(await matches.findById(terms.id)).toBeNull();
  });
});

describe('MatchesRepository.append with an Idempotency-Key answer', () => {
  const roll: MatchEvent = { type: 'opening-roll', white: 3, black: 1 };
  /** The opening roll appended after `expectedVersion`, with `answer`. */
  const rollOn = (id: string, expectedVersion: number, answer: IdempotentAnswer): MatchAppend => ({
    id,
    expectedVersion,
    events: [stored(roll)],
    projection: projection(),
    at: minute(9),
    answer,
  });

  it('writes the events and the answer together', async () => {
    const id = await seatedMatch();
    const answer = await heldKey();
    expect(await matches.append(rollOn(id, 2, answer))).toBe(true);
    expect(await eventCount(id)).toBe(3);
    expect(await replayOf(answer)).toEqual({ kind: 'replay', statusCode: 201, response: answer.response });
  });

  it('at a stale version writes neither, and the key stays held for the attempt on the fresh version', async () => {
    const id = await seatedMatch();
    const answer = await heldKey();
    expect(await matches.append(rollOn(id, 1, answer))).toBe(false);
    expect(await eventCount(id)).toBe(2);
    expect(await replayOf(answer)).toEqual({ kind: 'in-progress' });
    expect(await matches.append(rollOn(id, 2, answer))).toBe(true);
    expect(await replayOf(answer)).toEqual({ kind: 'replay', statusCode: 201, response: answer.response });
  });

  it('writes nothing, and says the key is in use, when the key was answered already', async () => {
    const id = await seatedMatch();
    const answer = await heldKey();
    await keys.complete(answer);
    await expect(matches.append(rollOn(id, 2, answer))).rejects.toThrow(IdempotencyKeyInUseError);
    expect(await eventCount(id)).toBe(2);
  });

  it('writes the end of a rated match, the ratings and the answer together', async () => {
    const id = await seatedMatch();
    const answer = await heldKey();
    // Bob is established: alice, new, takes all of her FIBS move (docs/rules.md "Ratings").
    await m.get(SqlClient).query('UPDATE users SET experience = 400 WHERE id = $1', [bob.id]);
    const rating = `SELECT rating::float8 AS rating FROM users WHERE id = $1`;
    const before = (await m.get(SqlClient).query<{ rating: number }>(rating, [alice.id]))[0].rating;
    const rated = {
      winnerId: alice.id,
      loserId: bob.id,
      length: 5,
      reason: 'points' as const,
      winner: { gammons: 0, backgammons: 0 },
      loser: { gammons: 0, backgammons: 0 },
    };
    const ended = projection({ whiteId: alice.id, blackId: bob.id, status: 'finished', finishedAt: minute(9) });
    const resign: MatchEvent = { type: 'resign', by: 'black', value: 1 };
    expect(
      await matches.append({
        id,
        expectedVersion: 2,
        events: [stored(resign, bob.id)],
        projection: ended,
        at: minute(9),
        rated,
        answer,
      }),
    ).toBe(true);
    expect((await m.get(SqlClient).query<{ rating: number }>(rating, [alice.id]))[0].rating).toBeGreaterThan(before);
    expect(await replayOf(answer)).toEqual({ kind: 'replay', statusCode: 201, response: answer.response });
  });
});

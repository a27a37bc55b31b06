import { createHash } from 'node:crypto';
import pg from 'pg';
import { openPglite, type DatabaseTarget } from '../../src/database/database-target.js';
import { PoolSqlClient, PrismaSqlClient, SqlClient } from '../../src/database/sql-client.js';
import type { MatchEvent } from '../../src/engine/index.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import type { IdempotentAnswer } from '../../src/idempotency/idempotency-context.js';
import { IdempotencyKeyInUseError } from '../../src/idempotency/idempotency.errors.js';
import { IdempotencyRepository } from '../../src/idempotency/idempotency.repository.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import type { RatedEnd, RatedResult } from '../../src/matches/model/match-record.js';
import type { Standing } from '../../src/users/fibs-rating.js';
import { rateRatedMatch, type RatedEnding } from '../../src/users/provisional-rating.js';
import type { PlayerRecord } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { waitForLockWaiters } from './lock-waiters.js';
import { matchTerms, minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * The end of a rated match (docs/architecture.md "Ratings and records"): the
 * repository locks both players, reads their standings, computes the new ones
 * with the FIBS formula weighted for provisional opponents
 * (src/users/provisional-rating.ts) and writes them, with the records, in the
 * append of the match's end, in one transaction; nothing moves unless the
 * append is written; two ends at once for one player both count. A match
 * aborted by a leave is written unrated, on the leaver's record only.
 */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository, IdempotencyRepository] });
const sql = m.provider(SqlClient);
const matches = m.provider(MatchesRepository);

/** A player's standing and record, as stored. */
type Player = Standing & PlayerRecord;

const PLAYER = `
SELECT rating::float8 AS rating, experience, matches_won AS "matchesWon", matches_lost AS "matchesLost",
       gammons_won AS "gammonsWon", gammons_lost AS "gammonsLost",
       backgammons_won AS "backgammonsWon", backgammons_lost AS "backgammonsLost",
       aborted_by_leave AS "abortedByLeave"
  FROM users WHERE id = $1::uuid`;

const playerOf = async (on: SqlClient, id: string): Promise<Player> => (await on.query<Player>(PLAYER, [id]))[0];

let n = 0;
/** A new player at the given standing. */
async function newPlayer(standing: Standing): Promise<string> {
  const { user } = await m.driver.newUser({ username: `rated${++n}` });
  await sql.query('UPDATE users SET rating = $2::float8, experience = $3::int WHERE id = $1::uuid', [
    user.id,
    standing.rating,
    standing.experience,
  ]);
  return user.id;
}

const join = (colour: 'white' | 'black'): MatchEvent => ({ type: 'join', colour });

/** The standings the service's rule gives for a match played to its end (or, `ending`, forfeited). */
const rateMatch = (winner: Standing, loser: Standing, length: number, ending: RatedEnding = 'played') =>
  rateRatedMatch(winner, loser, length, ending);
const resign: MatchEvent = { type: 'resign', by: 'black', value: 1 };

/** A rated match of `length` points, `white` against `black`, under way at version 2. */
async function ratedMatch(repo: MatchesRepository, white: string, black: string, length = 5): Promise<string> {
  const terms = matchTerms(white, { invitedId: black, rated: true, length });
  const seated = projection({ whiteId: white, blackId: black, status: 'playing' });
  await repo.create(terms, [stored(join('white'), white), stored(join('black'), black)], seated, minute(0));
  return terms.id;
}

/** The end of that match, white winning (black resigns). */
function end(
  repo: MatchesRepository,
  id: string,
  rated: RatedResult,
  version = 2,
  answer: IdempotentAnswer | null = null,
) {
  return endAs(repo, id, { whiteId: rated.winnerId, blackId: rated.loserId }, rated, version, answer);
}

/** The end of the match `white` against `black`, as `rated` says it counts. */
function endAs(
  repo: MatchesRepository,
  id: string,
  seats: { readonly whiteId: string; readonly blackId: string },
  rated: RatedEnd,
  version = 2,
  answer: IdempotentAnswer | null = null,
) {
  const ended = projection({
    ...seats,
    status: 'finished',
    finishedAt: minute(9),
  });
  return repo.append({
    id,
    expectedVersion: version,
    events: [stored(resign, seats.blackId)],
    projection: ended,
    at: minute(9),
    rated,
    answer,
  });
}

/** A rated match of two new players at 1500 (`w` white, `l` black), under way at version 2. */
async function newcomersMatch(): Promise<{ w: string; l: string; id: string }> {
  const [w, l] = [await newPlayer({ rating: 1500, experience: 0 }), await newPlayer({ rating: 1500, experience: 0 })];
  return { w, l, id: await ratedMatch(matches, w, l) };
}

const ratedResult = (
  winnerId: string,
  loserId: string,
  length = 5,
  reason: RatedResult['reason'] = 'points',
): RatedResult => ({
  winnerId,
  loserId,
  length,
  reason,
  winner: { gammons: 2, backgammons: 0 },
  loser: { gammons: 1, backgammons: 1 },
});

describe('the end of a rated match', () => {
  it('writes the standings the formula gives for the players as they stood, and the records', async () => {
    const [winner, loser] = [
      { rating: 1623.4, experience: 37 },
      { rating: 1488.25, experience: 410 },
    ];
    const [w, l] = [await newPlayer(winner), await newPlayer(loser)];
    const id = await ratedMatch(matches, w, l, 7);
    expect(await end(matches, id, ratedResult(w, l, 7))).toBe(true);
    const outcome = rateMatch(winner, loser, 7);
    expect(await playerOf(sql, w)).toEqual({
      ...outcome.winner,
      matchesWon: 1,
      matchesLost: 0,
      gammonsWon: 2,
      gammonsLost: 1,
      backgammonsWon: 0,
      backgammonsLost: 1,
      abortedByLeave: 0,
    });
    expect(await playerOf(sql, l)).toEqual({
      ...outcome.loser,
      matchesWon: 0,
      matchesLost: 1,
      gammonsWon: 1,
      gammonsLost: 2,
      backgammonsWon: 1,
      backgammonsLost: 0,
      abortedByLeave: 0,
    });
  });

  it('weighs a match won by a leave or a timeout as a forfeit: the winner moves by no more than the leaver’s experience / 400', async () => {
    for (const reason of ['leave', 'timeout'] as const) {
      // Two new players: played to its end, both would move by the full FIBS move.
      const { w, l, id } = await newcomersMatch();
      const start = { rating: 1500, experience: 0 };
      expect(await end(matches, id, ratedResult(w, l, 5, reason))).toBe(true);
      const forfeited = rateMatch(start, start, 5, 'forfeit');
      expect(forfeited.winner).toEqual({ rating: 1500, experience: 5 });
      expect(forfeited.loser.rating).toBeLessThan(1500);
      expect(await playerOf(sql, w)).toMatchObject(forfeited.winner);
      expect(await playerOf(sql, l)).toMatchObject(forfeited.loser);
    }
    const { w, l, id } = await newcomersMatch();
    expect(await end(matches, id, ratedResult(w, l, 5, 'points'))).toBe(true);
    expect((await playerOf(sql, w)).rating).toBeGreaterThan(1500);
  });

  it('writes a match aborted by a leave unrated, and counts it on the leaver’s record only', async () => {
    const { w, l, id } = await newcomersMatch();
    const before = [await playerOf(sql, w), await playerOf(sql, l)];
    const seats = { whiteId: w, blackId: l };
    expect(await endAs(matches, id, seats, { abortedBy: l }, 1)).toBe(false);
    expect(await playerOf(sql, l)).toEqual(before[1]);
    expect(await endAs(matches, id, seats, { abortedBy: l })).toBe(true);
    expect(await playerOf(sql, w)).toEqual(before[0]);
    expect(await playerOf(sql, l)).toEqual({ ...before[1], abortedByLeave: 1 });
    const [match] = await sql.query('SELECT rated, unrated_reason, version FROM matches WHERE id = $1::uuid', [id]);
    expect(match).toEqual({ rated: false, unrated_reason: 'aborted-by-leave', version: 3 });
  });

  /** The end tried at version 1 of a match at version 2, once `meanwhile` has run (it may set the version back). */
  it.each<{ when: string; meanwhile: (id: string) => Promise<unknown> }>([
    { when: 'the append loses to another at the same version', meanwhile: () => Promise.resolve() },
    {
      when: 'the events cannot be stored although the version matched',
      meanwhile: (id) => sql.query('UPDATE matches SET version = 1 WHERE id = $1', [id]),
    },
  ])('moves nothing when $when', async ({ meanwhile }) => {
    const { w, l, id } = await newcomersMatch();
    await meanwhile(id);
    const before = [await playerOf(sql, w), await playerOf(sql, l)];
    expect(await end(matches, id, ratedResult(w, l), 1)).toBe(false);
    expect([await playerOf(sql, w), await playerOf(sql, l)]).toEqual(before);
  });

  it('moves nothing when the request no longer holds its Idempotency-Key', async () => {
    const { w, l, id } = await newcomersMatch();
    const keys = m.get(IdempotencyRepository);
    const request = createHash('sha256').update('POST /api/matches/x/actions {}').digest('hex');
    expect(await keys.reserve(w, 'rated-end', request, minute(0))).toEqual({ kind: 'reserved' });
    const answer: IdempotentAnswer = {
      userId: w,
      key: 'rated-end',
      reservedAt: minute(0),
      statusCode: 200,
      response: {},
    };
    await keys.complete(answer);
    const before = [await playerOf(sql, w), await playerOf(sql, l)];
    await expect(end(matches, id, ratedResult(w, l), 2, answer)).rejects.toThrow(IdempotencyKeyInUseError);
    expect([await playerOf(sql, w), await playerOf(sql, l)]).toEqual(before);
  });

  itOnPostgres(
    'does not deadlock with a plain append on the same match: the append that got the match first wins, the rated end moves nothing',
    async () => {
      const { w, l, id } = await newcomersMatch();
      const before = [await playerOf(sql, w), await playerOf(sql, l)];
      const pools = [0, 1].map(() => new pg.Pool({ connectionString: m.db.url, max: 1 }));
      const racer = new MatchesRepository(new PoolSqlClient(pools[0]));
      const mover = await pools[1].connect();
      try {
        // Another action's append in flight, as its one statement takes its locks: the match's row
        // (its UPDATE), then, for its events' foreign key, a KEY SHARE lock on its actor's row.
        await mover.query('BEGIN');
        await mover.query('UPDATE matches SET version = 3 WHERE id = $1 AND version = 2', [id]);
        const rated = end(racer, id, ratedResult(w, l), 2);
        await waitForLockWaiters(sql, 1);
        await mover.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [l]);
        await mover.query('COMMIT');
        expect(await rated).toBe(false);
      } finally {
        mover.release();
        await Promise.all(pools.map((pool) => pool.end()));
      }
      expect([await playerOf(sql, w), await playerOf(sql, l)]).toEqual(before);
    },
  );

  itOnPostgres(
    'of two rated matches of one player ending at once on two connections, both count, one after the other',
    async () => {
      const start = { alice: { rating: 1500, experience: 0 }, bob: { rating: 1560, experience: 120 } };
      const carolStart = { rating: 1432.5, experience: 800 };
      const [alice, bob, carol] = [
        await newPlayer(start.alice),
        await newPlayer(start.bob),
        await newPlayer(carolStart),
      ];
      const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: m.db.url, max: 1 }));
      const [racerA, racerB] = pools.slice(0, 2).map((pool) => new MatchesRepository(new PoolSqlClient(pool)));
      const withBob = await ratedMatch(racerA, alice, bob, 3);
      const withCarol = await ratedMatch(racerB, alice, carol, 5);
      const locker = await pools[2].connect();
      try {
        // Alice's row is held by a third session, so both ends are in flight, waiting for her, when it is let go.
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [alice]);
        const race = Promise.all([
          end(racerA, withBob, ratedResult(alice, bob, 3)),
          end(racerB, withCarol, ratedResult(alice, carol, 5)),
        ]);
        await waitForLockWaiters(sql, 2);
        await locker.query('COMMIT');
        expect(await race).toEqual([true, true]);
      } finally {
        locker.release();
        await Promise.all(pools.map((pool) => pool.end()));
      }
      // Either end may have come first; the second was computed on the first's result.
      const bobFirst = rateMatch(rateMatch(start.alice, start.bob, 3).winner, carolStart, 5);
      const carolFirst = rateMatch(rateMatch(start.alice, carolStart, 5).winner, start.bob, 3);
      const aliceNow = await playerOf(sql, alice);
      expect(aliceNow).toMatchObject({ experience: 8, matchesWon: 2, gammonsWon: 4, gammonsLost: 2 });
      expect([bobFirst.winner.rating, carolFirst.winner.rating]).toContain(aliceNow.rating);
      const first = aliceNow.rating === bobFirst.winner.rating ? 'bob' : 'carol';
      const bobNow = first === 'bob' ? rateMatch(start.alice, start.bob, 3).loser : carolFirst.loser;
      const carolNow = first === 'bob' ? bobFirst.loser : rateMatch(start.alice, carolStart, 5).loser;
      expect(await playerOf(sql, bob)).toMatchObject({ ...bobNow, matchesLost: 1 });
      expect(await playerOf(sql, carol)).toMatchObject({ ...carolNow, matchesLost: 1 });
    },
  );
});

describe('the end of a rated match on PGlite through Prisma (an interactive transaction)', () => {
  let target: DatabaseTarget;
  let prisma: PrismaClient;
  let lite: PrismaSqlClient;
  beforeAll(async () => {
    target = await openPglite('memory://');
    prisma = new PrismaClient({ adapter: target.adapter });
    lite = new PrismaSqlClient(prisma);
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await target.close();
  });

  it('writes the standings the formula gives, and nothing for a lost race', async () => {
    const player = async (username: string, standing: Standing) =>
      (await prisma.user.create({ data: { username, usernameKey: username, passwordHash: 'x', ...standing } })).id;
    const [winner, loser] = [
      { rating: 1517.3205080756888, experience: 3 },
      { rating: 1482.6794919243112, experience: 3 },
    ];
    const [w, l] = [await player('ann', winner), await player('ben', loser)];
    const repo = new MatchesRepository(lite);
    const id = await ratedMatch(repo, w, l, 5);
    expect(await end(repo, id, ratedResult(w, l), 1)).toBe(false);
    expect(await playerOf(lite, w)).toMatchObject({ ...winner, matchesWon: 0 });
    expect(await end(repo, id, ratedResult(w, l))).toBe(true);
    const outcome = rateMatch(winner, loser, 5);
    expect(await playerOf(lite, w)).toMatchObject({ ...outcome.winner, matchesWon: 1, gammonsWon: 2 });
    expect(await playerOf(lite, l)).toMatchObject({ ...outcome.loser, matchesLost: 1, backgammonsWon: 1 });
  });
});

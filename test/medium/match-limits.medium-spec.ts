import pg from 'pg';
import { PoolSqlClient, SqlClient } from '../../src/database/sql-client.js';
import { MatchesRepository, type MatchLimits } from '../../src/matches/core/matches.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { waitForLockWaiters } from './lock-waiters.js';
import { matchTerms, minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * The caps on new matches are counted in the database after a lock on the players' rows
 * (docs/architecture.md "Limits on new matches and rating farming"): a creation that races
 * another, still uncommitted on another connection, waits for it and counts it.
 */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository] });
let alice: User;
let bob: User;
beforeAll(async () => {
  [alice, bob] = await m.driver.newUsers('alice', 'bob');
});

const LIMITS: MatchLimits = {
  openChallenges: 1,
  invitations: 10,
  invitationsPerTarget: 10,
  ratedPerPairPerDay: 1,
  ratedSince: minute(-24 * 60),
  houseBotMatches: null,
};

/** Runs `body` with two repositories, each on a connection of its own. */
async function onTwoConnections(
  body: (first: pg.Pool, a: MatchesRepository, b: MatchesRepository) => Promise<void>,
): Promise<void> {
  const pools = [0, 1].map(() => new pg.Pool({ connectionString: m.db.url, max: 1 }));
  const [a, b] = pools.map((pool) => new MatchesRepository(new PoolSqlClient(pool)));
  try {
    await body(pools[0], a, b);
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
}

/** A new match of `creator` (open, or inviting `invited`) as the service stores it: version 1. */
function create(repo: MatchesRepository, creator: User, invited: User | null, rated = false, limits = LIMITS) {
  const terms = matchTerms(creator.id, { invitedId: invited?.id ?? null, rated });
  const join = stored({ type: 'join', colour: 'white' }, creator.id);
  return repo.createWithinLimits(terms, [join], projection({ whiteId: creator.id }), minute(0), limits, false);
}

itOnPostgres(
  'an invitation to a house bot racing an uncommitted one of the same person to it waits for it and is refused at the cap',
  async () => {
    const [carol, houseBot] = await m.driver.newUsers('carol', 'house-bot-stand-in');
    const limits = { ...LIMITS, houseBotMatches: 1 };
    await onTwoConnections(async (first, a, b) => {
      await first.query('BEGIN');
      expect(await create(a, carol, houseBot, false, limits)).toMatchObject({ refusal: null });
      const racing = create(b, carol, houseBot, false, limits);
      await waitForLockWaiters(m.get(SqlClient), 1);
      await first.query('COMMIT');
      expect(await racing).toEqual({ refusal: 'too-many-bot-matches' });
    });
    // Without the cap (a person invited), the same invitation is stored.
    expect(await create(m.get(MatchesRepository), carol, houseBot)).toMatchObject({ refusal: null });
  },
);

itOnPostgres(
  'a creation racing an uncommitted one of the same creator waits for it and is refused the slot it took',
  async () => {
    await onTwoConnections(async (first, a, b) => {
      await first.query('BEGIN');
      expect(await create(a, alice, null)).toMatchObject({ refusal: null });
      const racing = create(b, alice, null);
      await waitForLockWaiters(m.get(SqlClient), 1);
      await first.query('COMMIT');
      expect(await racing).toEqual({ refusal: 'too-many-open-challenges' });
    });
  },
);

itOnPostgres(
  'an invitation racing an uncommitted rated one of the same pair waits for it and is created unrated',
  async () => {
    await onTwoConnections(async (first, a, b) => {
      await first.query('BEGIN');
      expect(await create(a, bob, alice, true)).toMatchObject({ refusal: null, rated: true });
      const racing = create(b, alice, bob, true);
      await waitForLockWaiters(m.get(SqlClient), 1);
      await first.query('COMMIT');
      expect(await racing).toEqual({ refusal: null, rated: false, unratedReason: 'pair-daily-limit' });
    });
  },
);

import { connectPostgres } from '../../src/database/pg-connection.js';
import type { MatchProjection, MatchRecord } from '../../src/matches/model/match-record.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import {
  PENDING_DECISIONS_SQL,
  PendingDecisionsRepository,
} from '../../src/matches/read/pending-decisions.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { minute } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * What the house bots' sweep finds (docs/bots.md, "The worker"): the matches
 * waiting for any of the users asked about, oldest change first, read through
 * indexes only. Here `ann` and `bob` stand for two house bots, `cat` for a person.
 */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository, PendingDecisionsRepository] });
const repo = m.provider(PendingDecisionsRepository);
let ann: User;
let bob: User;
let cat: User;
const labels = new Map<string, string>();

/** A match of cat's stored at `at` with the projection given (and whom it invites), named `label`. */
async function seed(
  label: string,
  at: Date,
  changes: Partial<MatchProjection>,
  invitedId: string | null = null,
): Promise<MatchRecord> {
  const match = await m.driver.seedMatch({
    creator: cat,
    at,
    terms: { invitedId },
    projection: { whiteId: cat.id, ...changes },
  });
  labels.set(match.id, label);
  return match;
}

/** What the sweep finds for ann and bob: the labels and whom each waits for. */
async function found(limit = 10, betweenGamesSince = minute(100), excluding: string[] = []): Promise<string[]> {
  const pending = await repo.pendingFor([ann.id, bob.id], limit, betweenGamesSince, excluding);
  return pending.map((p) => `${labels.get(p.matchId)}:${p.userId === ann.id ? 'ann' : 'bob'}`);
}

beforeAll(async () => {
  [ann, bob, cat] = await m.driver.newUsers('ann', 'bob', 'cat');
  const playing = { status: 'playing', awaiting: 'roll' } as const;
  await seed('ann-to-roll', minute(3), { ...playing, blackId: ann.id, turnColour: 'black', turnUserId: ann.id });
  await seed('invitation-to-bob', minute(1), { turnUserId: bob.id }, bob.id);
  await seed('cat-to-roll', minute(2), { ...playing, blackId: ann.id, turnColour: 'white', turnUserId: cat.id });
  await seed('between-games', minute(4), { ...playing, blackId: bob.id, turnColour: null, turnUserId: null });
  await seed('between-games-cat-alone', minute(5), { ...playing, blackId: null, turnColour: null });
  await seed('finished', minute(0), { status: 'finished', blackId: ann.id });
});

describe('PendingDecisionsRepository.pendingFor', () => {
  it('finds the turns, the invitations and the money sessions between games of the users, oldest change first', async () => {
    expect(await found()).toEqual(['invitation-to-bob:bob', 'ann-to-roll:ann', 'between-games:bob']);
  });

  it('leaves a session between games until its last game ended at the time given or before', async () => {
    expect(await found(10, minute(3))).toEqual(['invitation-to-bob:bob', 'ann-to-roll:ann']);
    expect(await found(10, minute(4))).toContain('between-games:bob');
  });

  it('leaves out the matches the worker is busy with, so they never hold the places of others within `limit`', async () => {
    const busy = [...labels].filter(([, label]) => label === 'invitation-to-bob' || label === 'ann-to-roll');
    expect(
      await found(
        2,
        minute(100),
        busy.map(([id]) => id),
      ),
    ).toEqual(['between-games:bob']);
  });

  it('answers at most `limit`, and nothing for nobody', async () => {
    expect(await found(2)).toEqual(['invitation-to-bob:bob', 'ann-to-roll:ann']);
    expect(await repo.pendingFor([], 10, minute(100))).toEqual([]);
  });

  itOnPostgres(
    'on a bot’s 20,000 matches, under way or over, reads only through the turn and the between-games indexes',
    async () => {
      const conn = await connectPostgres(m.db.url!);
      try {
        await conn.query(SEED_MATCHES_AGAINST_ANN, [cat.id, ann.id]);
        await conn.exec('ANALYZE matches');
        const rows = await conn.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${PENDING_DECISIONS_SQL}`, [
          [ann.id, bob.id],
          100,
          minute(100).toISOString(),
          [],
        ]);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toContain('matches_turn_user_id_deadline_idx');
        expect(plan).toContain('matches_awaiting_turn_colour_idx');
        expect(plan).not.toMatch(/Seq Scan on matches|matches_status_invited_id_created_at_idx/);
      } finally {
        await conn.close();
      }
    },
  );
});

/** 20,000 matches of cat ($1, white) against ann ($2, black): half under way, cat to act; half over. */
const SEED_MATCHES_AGAINST_ANN = `
INSERT INTO matches (id, variant, length, rules, status, creator_id, white_id, black_id, version,
                     dice_commitment, dice_seed, turn_colour, turn_user_id, awaiting, created_at, updated_at)
SELECT gen_random_uuid(), 'backgammon', 3, '{}'::jsonb, CASE WHEN g % 2 = 0 THEN 'playing' ELSE 'finished' END,
       $1::uuid, $1::uuid, $2::uuid, 40, repeat('0', 64), repeat('0', 64),
       CASE WHEN g % 2 = 0 THEN 'white' END, CASE WHEN g % 2 = 0 THEN $1::uuid END,
       CASE WHEN g % 2 = 0 THEN (ARRAY['roll', 'play'])[1 + g % 4 / 2] END,
       now() - g * interval '1 minute', now() - g * interval '1 minute'
  FROM generate_series(1, 20000) AS g`;

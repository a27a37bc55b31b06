import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { AnalysisRepository } from '../../src/analysis/analysis.repository.js';
import { openPglite, type DatabaseTarget } from '../../src/database/database-target.js';
import { PrismaSqlClient } from '../../src/database/sql-client.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { IdempotencyRepository } from '../../src/idempotency/idempotency.repository.js';
import type { MatchProjection } from '../../src/matches/model/match-record.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import { ReplayCheckRepository } from '../../src/matches/core/replay-check.repository.js';
import { MatchListsRepository } from '../../src/matches/read/match-lists.repository.js';
import { TokenVersionsRepository } from '../../src/security/token-versions.repository.js';
import { matchTerms, minute, projection, stored } from './match-fixtures.js';

/**
 * The plain-SQL repositories run their one SQL text on PostgreSQL (the rest of
 * the medium tier) and on embedded PGlite through Prisma's `$queryRawUnsafe`,
 * which types parameters and results its own way: this file proves the second
 * path on a migrated in-memory PGlite, whatever database the suite runs on.
 */
let target: DatabaseTarget;
let prisma: PrismaClient;
let sql: PrismaSqlClient;
let ids: { ann: string; ben: string };
beforeAll(async () => {
  target = await openPglite('memory://');
  prisma = new PrismaClient({ adapter: target.adapter });
  sql = new PrismaSqlClient(prisma);
  const user = (username: string) =>
    prisma.user.create({ data: { username, usernameKey: username, passwordHash: 'not a real hash' } });
  ids = { ann: (await user('ann')).id, ben: (await user('ben')).id };
});
afterAll(async () => {
  await prisma.$disconnect();
  await target.close();
});

describe('MatchesRepository on PGlite through Prisma', () => {
  it('creates, reads back, appends, and refuses stale and clashing appends as on PostgreSQL', async () => {
    const repo = new MatchesRepository(sql);
    const lists = new MatchListsRepository(sql);
    const replay = new ReplayCheckRepository(sql);
    const terms = matchTerms(ids.ann, { invitedId: ids.ben });
    const seated = projection({ status: 'playing', whiteId: ids.ann, blackId: ids.ben });
    // The white player's abort on the seated match, at version 2.
    const abort = {
      id: terms.id,
      expectedVersion: 2,
      events: [stored({ type: 'abort', by: 'white' }, ids.ann)],
      projection: seated,
      at: minute(8),
    };
    await repo.create(
      terms,
      [stored({ type: 'join', colour: 'white' }, ids.ann), stored({ type: 'join', colour: 'black' }, ids.ben)],
      seated,
      minute(0),
    );
    const afterPlay: MatchProjection = {
      ...seated,
      turnColour: 'black',
      turnUserId: ids.ben,
      awaiting: 'roll',
      clock: { turnStartedAt: minute(7), deadline: minute(4327), bankMs: { white: 9_007_199_254_740, black: 1 } },
    };

    expect(
      await repo.append({
        id: terms.id,
        expectedVersion: 2,
        events: [stored({ type: 'opening-roll', white: 6, black: 1 })],
        projection: afterPlay,
        at: minute(7),
      }),
    ).toBe(true);
    expect(await repo.append(abort)).toBe(false);

    expect(await repo.findById(terms.id)).toEqual({
      id: terms.id,
      variant: 'backgammon',
      length: 5,
      rules: terms.rules,
      daysPerTurn: 3,
      bankDays: 7,
      creatorId: ids.ann,
      invited: { id: ids.ben, username: 'ben' },
      white: { id: ids.ann, username: 'ann', autoPlayForced: false, bot: false },
      black: { id: ids.ben, username: 'ben', autoPlayForced: false, bot: false },
      version: 3,
      diceCommitment: terms.diceCommitment,
      diceSeed: terms.diceSeed,
      source: 'played',
      importedPlayers: null,
      rated: false,
      unratedReason: null,
      ratingChanges: null,
      projection: afterPlay,
      createdAt: minute(0),
      updatedAt: minute(7),
    });
    expect((await repo.eventsAfter(terms.id, 1, 10)).map((e) => [e.seq, e.event.type, e.at])).toEqual([
      [2, 'join', minute(0)],
      [3, 'opening-roll', minute(7)],
    ]);
    expect((await lists.inbox(ids.ben, { limit: 5 })).items.map((m) => m.id)).toEqual([terms.id]);

    // A version that disagrees with the log: the taken seq refuses the append, projection included.
    await sql.query('UPDATE matches SET version = 2 WHERE id = $1::uuid', [terms.id]);
    expect(await repo.append(abort)).toBe(false);
    expect(await replay.readProjection(terms.id)).toEqual(afterPlay);
    await expect(sql.query('DELETE FROM match_events WHERE match_id = $1::uuid', [terms.id])).rejects.toThrow(
      'match_events is append-only',
    );
  });
});

describe('IdempotencyRepository on PGlite through Prisma', () => {
  it('reserves, completes and replays a key', async () => {
    const keys = new IdempotencyRepository(sql);
    const hash = createHash('sha256').update('POST /api/matches {}').digest('hex');
    expect(await keys.reserve(ids.ann, 'k-1', hash, minute(0))).toEqual({ kind: 'reserved' });
    expect(await keys.reserve(ids.ann, 'k-1', hash, minute(0))).toEqual({ kind: 'in-progress' });
    await keys.complete({
      userId: ids.ann,
      key: 'k-1',
      reservedAt: minute(0),
      statusCode: 201,
      response: { id: 'm-1', version: 2 },
    });
    expect(await keys.reserve(ids.ann, 'k-1', hash, minute(1))).toEqual({
      kind: 'replay',
      statusCode: 201,
      response: { id: 'm-1', version: 2 },
    });
    expect(await keys.purgeOlderThan(minute(1))).toBe(1);
  });
});

describe('TokenVersionsRepository on PGlite through Prisma', () => {
  it('reads many accounts’ token versions in one query, leaving out the accounts that do not exist', async () => {
    const repo = new TokenVersionsRepository(sql);
    const nobody = '00000000-0000-4000-8000-00000000dead';
    expect(await repo.currentOf([ids.ann, ids.ben, nobody])).toEqual(
      new Map([
        [ids.ann, 0],
        [ids.ben, 0],
      ]),
    );
  });
});

describe('AnalysisRepository on PGlite through Prisma', () => {
  it('admits analyses under the queue’s lock, within both caps, each in its account’s round', async () => {
    const repo = new AnalysisRepository(sql);
    const matches = new MatchesRepository(sql);
    const matchIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const terms = matchTerms(ids.ann);
      await matches.create(terms, [], projection({ status: 'finished' }), minute(i));
      matchIds.push(terms.id);
    }
    const limits = { queue: 7, perAccount: 5 };
    const queued: Array<{ by: string; round: number; seq: number }> = [];
    const ask = (matchId: string, by: string) =>
      repo.request(
        { id: randomUUID(), matchId, engine: { name: 'nardy-net', plies: 0 }, requestedBy: by, now: minute(60) },
        limits,
        (_tx, _record, round) => {
          queued.push({ by, round, seq: queued.length });
          return Promise.resolve();
        },
      );
    // Ann asks for five, then Ben for one: Ben's is in Ann's first round, so it runs second.
    for (const id of matchIds.slice(0, 5)) expect(await ask(id, ids.ann)).toMatchObject({ kind: 'stored' });
    expect(await ask(matchIds[5], ids.ann)).toEqual({ kind: 'share-used' });
    expect(await ask(matchIds[5], ids.ben)).toMatchObject({ kind: 'stored' });
    const order = [...queued].sort((x, y) => x.round - y.round || x.seq - y.seq).map((job) => job.by);
    expect(order).toEqual([ids.ann, ids.ben, ids.ann, ids.ann, ids.ann, ids.ann]);
    // Asking again for a waiting analysis answers it, whatever the caps; a new one past the queue's cap is refused.
    expect(await ask(matchIds[6], ids.ben)).toMatchObject({ kind: 'stored' });
    expect(await ask(matchIds[7], ids.ben)).toEqual({ kind: 'queue-full' });
    expect(await ask(matchIds[0], ids.ben)).toMatchObject({ kind: 'stored', record: { status: 'queued' } });
    expect(queued).toHaveLength(7);
  });
});

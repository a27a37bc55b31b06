import { connectPostgres } from '../../src/database/pg-connection.js';
import { SqlClient } from '../../src/database/sql-client.js';
import { InvalidCursorError } from '../../src/matches/read/list-cursor.js';
import type { MatchProjection, MatchRecord, Page } from '../../src/matches/model/match-record.js';
import type { PageRequest } from '../../src/common/page-cursor.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import { MatchListsRepository } from '../../src/matches/read/match-lists.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { itOnPostgres } from '../support/database-mode.js';
import { minute, projection, stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/** The lists of this file see only the matches made here (a database of its own). */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository, MatchListsRepository] });
const repo = m.provider(MatchListsRepository);
let ann: User;
let ben: User;
let cat: User;
beforeAll(async () => {
  [ann, ben, cat] = await m.driver.newUsers('ann', 'ben', 'cat');
});

/** A match stored at `at` by `creator`, labelled with its game number so the tests can name it. */
async function seed(
  label: number,
  creator: User,
  at: Date,
  terms: { invitedId?: string | null } = {},
  changes: Partial<MatchProjection> = {},
): Promise<MatchRecord> {
  return m.driver.seedMatch({ creator, at, terms, projection: { gameNumber: label, ...changes } });
}

/** Every page of a list, from the first: the labels of each page's items. */
async function allPages(list: (page: PageRequest) => Promise<Page<MatchRecord>>, limit: number): Promise<number[][]> {
  const pages: number[][] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ cursor, limit });
    pages.push(page.items.map((match) => match.projection.gameNumber));
    cursor = page.next;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

const clock = (turnStartedAt: Date | null, deadline: Date | null): MatchProjection['clock'] => ({
  turnStartedAt,
  deadline,
  bankMs: { white: 0, black: 0 },
});

describe('MatchListsRepository.listOpenChallenges', () => {
  beforeAll(async () => {
    await seed(1, ann, minute(1));
    await seed(2, ben, minute(2));
    await seed(3, ann, minute(3), { invitedId: ben.id }); // named: not open
    await seed(4, cat, minute(4), {}, { status: 'playing', blackId: ben.id }); // taken
    await seed(5, cat, minute(5));
    // Three made in the same millisecond: ordered by id among themselves.
    await Promise.all([6, 7, 8].map((label) => seed(label, ben, minute(6))));
  });

  it('lists the invitations nobody is named in, newest first, and pages through them with the cursor', async () => {
    const ties = (await repo.listOpenChallenges({ limit: 3 })).items;
    expect(ties.map((match) => match.createdAt)).toEqual([minute(6), minute(6), minute(6)]);
    expect(ties.map((match) => match.id)).toEqual(
      ties
        .map((match) => match.id)
        .sort()
        .reverse(),
    );
    const tieLabels = ties.map((match) => match.projection.gameNumber);

    expect(await allPages((page) => repo.listOpenChallenges(page), 2)).toEqual([
      tieLabels.slice(0, 2),
      [tieLabels[2], 5],
      [2, 1],
    ]);
    expect(await allPages((page) => repo.listOpenChallenges(page), 6)).toEqual([[...tieLabels, 5, 2, 1]]);
  });

  it('answers each match with its players, and no next page after the last', async () => {
    const page = await repo.listOpenChallenges({ limit: 100 });
    expect(page.next).toBeNull();
    expect(page.items.find((match) => match.projection.gameNumber === 5)).toMatchObject({
      creatorId: cat.id,
      white: { id: cat.id, username: 'cat', autoPlayForced: false, bot: false },
      black: null,
      invited: null,
      version: 1,
    });
  });
});

describe('MatchListsRepository.listForUser', () => {
  let dan: User;
  beforeAll(async () => {
    dan = (await m.driver.newUser({ username: 'dan' })).user;
    await seed(11, dan, minute(11)); // white
    await seed(12, ann, minute(12), {}, { blackId: dan.id, status: 'playing' }); // black
    await seed(13, ann, minute(13), { invitedId: dan.id }); // invited, not seated yet
    await seed(14, ben, minute(14), { invitedId: dan.id }, { blackId: dan.id, status: 'playing' }); // invited and black
    await seed(15, ann, minute(15), { invitedId: ben.id }); // not dan's
    await seed(16, cat, minute(16)); // not dan's
  });

  it('lists the matches where the user is white, black or invited, newest first, each once across pages', async () => {
    expect(await allPages((page) => repo.listForUser(dan.id, page), 1)).toEqual([[14], [13], [12], [11]]);
    expect(await allPages((page) => repo.listForUser(dan.id, page), 3)).toEqual([[14, 13, 12], [11]]);
    expect(await allPages((page) => repo.listForUser(dan.id, page), 4)).toEqual([[14, 13, 12, 11]]);
  });

  it('lists nothing for a user with no matches, or an unknown id (an id that is no UUID is refused at the HTTP edge)', async () => {
    const eve = (await m.driver.newUser({ username: 'eve' })).user;
    expect(await repo.listForUser(eve.id, { limit: 10 })).toEqual({ items: [], next: null });
    expect(await repo.listForUser('00000000-0000-4000-8000-000000000000', { limit: 10 })).toEqual({
      items: [],
      next: null,
    });
  });
});

describe('MatchListsRepository.inbox', () => {
  let fay: User;
  beforeAll(async () => {
    fay = (await m.driver.newUser({ username: 'fay' })).user;
    const fayToPlay = (turnStartedAt: Date | null, deadline: Date | null): Partial<MatchProjection> => ({
      status: 'playing',
      blackId: fay.id,
      turnColour: 'black',
      turnUserId: fay.id,
      awaiting: 'play',
      clock: clock(turnStartedAt, deadline),
    });
    await seed(21, ann, minute(21), {}, fayToPlay(minute(30), minute(3000)));
    await seed(22, ann, minute(22), {}, fayToPlay(minute(40), minute(2000))); // soonest deadline
    await seed(23, ann, minute(23), { invitedId: fay.id }, { turnUserId: fay.id, clock: clock(minute(23), null) });
    await seed(24, ann, minute(24), {}, fayToPlay(null, null)); // no clock: waiting since it was made
    await seed(25, ann, minute(25), {}, fayToPlay(minute(25), minute(3000))); // same deadline as 21, older turn
    await seed(26, ann, minute(26), {}, { ...fayToPlay(minute(26), null), status: 'finished' });
    await seed(27, ann, minute(27), {}, { ...fayToPlay(minute(27), null), turnUserId: ann.id });
  });

  it('lists the user’s turns and invitations, soonest deadline first, none last, then the oldest turn', async () => {
    expect(await allPages((page) => repo.inbox(fay.id, page), 2)).toEqual([[22, 25], [21, 23], [24]]);
    expect(await allPages((page) => repo.inbox(fay.id, page), 5)).toEqual([[22, 25, 21, 23, 24]]);
    expect(await allPages((page) => repo.inbox(fay.id, page), 1)).toEqual([[22], [25], [21], [23], [24]]);
  });
});

describe('list cursors', () => {
  it.each([
    ['text that is not base64url', '!!not a cursor!!'],
    ['base64url of something other than JSON', Buffer.from('not json').toString('base64url')],
    ['a JSON array of the wrong shape', Buffer.from('["open",1,2]').toString('base64url')],
    ['a cursor with a bad time', Buffer.from('["open","2026-13-01T00:00:00.000Z","x"]').toString('base64url')],
    ['a very long one', 'A'.repeat(5000)],
  ])('refuses %s with InvalidCursorError', async (_, cursor) => {
    await expect(repo.listOpenChallenges({ cursor, limit: 2 })).rejects.toThrow(InvalidCursorError);
  });

  it('refuses the cursor of one list in another', async () => {
    const { next } = await repo.listOpenChallenges({ limit: 1 });
    expect(next).not.toBeNull();
    await expect(repo.listForUser(ann.id, { cursor: next, limit: 1 })).rejects.toThrow(InvalidCursorError);
    await expect(repo.inbox(ann.id, { cursor: next, limit: 1 })).rejects.toThrow(InvalidCursorError);
  });

  it('refuses a page size below 1 as a programming error', async () => {
    await expect(repo.listOpenChallenges({ limit: 0 })).rejects.toThrow(RangeError);
  });
});

/** The part of an EXPLAIN (FORMAT JSON) plan node read here. */
interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly Plans?: readonly PlanNode[];
}

describe('the lists’ query plans', () => {
  /** The statements the repository sends, run as it sends them and kept for EXPLAIN. */
  class RecordingSqlClient extends SqlClient {
    readonly sent: Array<{ text: string; params: readonly unknown[] }> = [];
    query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      this.sent.push({ text, params });
      return m.get(SqlClient).query<Row>(text, params);
    }
    transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
      return m.get(SqlClient).transaction(work);
    }
  }

  /** The indexes of `matches` and `match_events` a statement's plan reads; `seq <table>` for a full scan. */
  async function accessPaths(statement: { text: string; params: readonly unknown[] }): Promise<string[]> {
    const conn = await connectPostgres(m.db.url!);
    try {
      // Few rows here, so a full scan is cheapest whatever the indexes: forbid it to see
      // whether the statement can be answered through one.
      await conn.exec('SET enable_seqscan = off');
      const [row] = await conn.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, [
        ...statement.params,
      ]);
      const paths = new Set<string>();
      const walk = (node: PlanNode): void => {
        const relation = node['Relation Name'];
        if (node['Node Type'] === 'Seq Scan' && (relation === 'matches' || relation === 'match_events')) {
          paths.add(`seq ${relation}`);
        }
        const index = node['Index Name'];
        if (index !== undefined && /^match(es|_events)_/.test(index)) paths.add(index);
        node.Plans?.forEach(walk);
      };
      walk((row['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0].Plan);
      return [...paths].sort();
    } finally {
      await conn.close();
    }
  }

  itOnPostgres('every list, lookup and append reads its rows through an index of the schema', async () => {
    const recording = new RecordingSqlClient();
    const watched = new MatchListsRepository(recording);
    const store = new MatchesRepository(recording);
    const { next } = await watched.listOpenChallenges({ limit: 1 });
    await watched.listOpenChallenges({ cursor: next, limit: 1 });
    const mine = await watched.listForUser(ann.id, { limit: 1 });
    await watched.listForUser(ann.id, { cursor: mine.next, limit: 1 });
    await watched.inbox(ann.id, { limit: 1 });
    await store.findById(ann.id);
    await store.eventsAfter(ann.id, 0, 10);
    await store.append({
      id: ann.id,
      expectedVersion: 1,
      events: [stored({ type: 'abort', by: 'white' })],
      projection: projection(),
      at: minute(0),
    }); // no such match
    const seat = [
      'matches_black_id_created_at_idx',
      'matches_invited_id_created_at_idx',
      'matches_white_id_created_at_idx',
    ];
    const expected = [
      ['matches_status_invited_id_created_at_idx'],
      ['matches_status_invited_id_created_at_idx'],
      [...seat, 'matches_pkey'].sort(),
      [...seat, 'matches_pkey'].sort(),
      ['matches_turn_user_id_deadline_idx'],
      ['matches_pkey'],
      ['match_events_pkey'],
      ['matches_pkey'],
    ];
    expect(recording.sent).toHaveLength(expected.length);
    for (const [i, statement] of recording.sent.entries()) {
      expect({ statement: i, paths: await accessPaths(statement) }).toEqual({ statement: i, paths: expected[i] });
    }
  });
});

import { InvalidCursorError } from '../../src/matches/read/list-cursor.js';
import { MatchHistoryRepository, type HistoryFilter } from '../../src/matches/read/match-history.repository.js';
import type { MatchProjection, MatchRecord, NewMatchRecord } from '../../src/matches/model/match-record.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { minute } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * Match history (docs/architecture.md "Match history"): each filter keeps
 * exactly the matches it names, newest first, page after page. The matches are
 * labelled by their game number so that a test can say which it expects.
 */
const m = useMediumApp([UsersModule], { providers: [MatchesRepository, MatchHistoryRepository] });
const history = m.provider(MatchHistoryRepository);
let ann: User;
let ben: User;
let cat: User;

const ANY: HistoryFilter = {
  playerId: null,
  opponentId: null,
  status: null,
  variant: null,
  result: null,
  length: null,
  since: null,
  until: null,
};

interface Seeded {
  readonly label: number;
  readonly white: User | null;
  readonly black: User | null;
  readonly invited?: User;
  readonly status: MatchProjection['status'];
  readonly winner?: 'white' | 'black';
  readonly variant?: NewMatchRecord['variant'];
  readonly length?: number;
}

/** The matches of this file, one a minute, label 1 the oldest. */
let seeded: Seeded[] = [];

async function seed(match: Seeded): Promise<MatchRecord> {
  const creator = match.white ?? match.black!;
  return m.driver.seedMatch({
    creator,
    at: minute(match.label),
    terms: {
      invitedId: match.invited?.id ?? null,
      variant: match.variant ?? 'backgammon',
      length: match.length ?? 5,
    },
    projection: {
      gameNumber: match.label,
      status: match.status,
      whiteId: match.white?.id ?? null,
      blackId: match.black?.id ?? null,
      winner: match.winner ?? null,
      endReason: match.winner ? 'points' : null,
      finishedAt: match.status === 'playing' || match.status === 'invited' ? null : minute(match.label + 1),
    },
  });
}

beforeAll(async () => {
  [ann, ben, cat] = await m.driver.newUsers('ann', 'ben', 'cat');
  seeded = [
    { label: 1, white: ann, black: ben, status: 'finished', winner: 'white' },
    { label: 2, white: ben, black: ann, status: 'finished', winner: 'white', variant: 'long-nardy', length: 3 },
    { label: 3, white: ann, black: cat, status: 'finished', winner: 'black' },
    { label: 4, white: cat, black: ann, status: 'playing', length: 0 },
    { label: 5, white: ann, black: null, invited: ben, status: 'invited' },
    { label: 6, white: null, black: cat, invited: ann, status: 'declined' },
    { label: 7, white: ben, black: cat, status: 'finished', winner: 'black', variant: 'long-nardy' },
    { label: 8, white: ann, black: null, status: 'invited' },
    { label: 9, white: ann, black: ben, invited: ben, status: 'aborted' },
  ];
  for (const match of seeded) await seed(match);
});

/** The labels a filter finds, newest first, read `limit` at a time through every page. */
async function labels(filter: Partial<HistoryFilter>, limit = 2): Promise<number[]> {
  const found: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page = await history.find({ ...ANY, ...filter }, { cursor, limit });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    found.push(...page.items.map((match) => match.projection.gameNumber));
    cursor = page.next;
    if (cursor === null) return found;
  }
  throw new Error('more than 20 pages');
}

describe('MatchHistoryRepository.find', () => {
  it('lists every match newest first, page after page, with no filter', async () => {
    expect(await labels({})).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await labels({}, 100)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("keeps a player's matches: seated either side, or invited and not (yet) seated", async () => {
    expect(await labels({ playerId: ann.id })).toEqual([9, 8, 6, 5, 4, 3, 2, 1]);
    expect(await labels({ playerId: ben.id })).toEqual([9, 7, 5, 2, 1]);
    expect(await labels({ playerId: cat.id }, 1)).toEqual([7, 6, 4, 3]);
  });

  it('keeps the matches against one opponent, seated either way round or invited either way', async () => {
    expect(await labels({ playerId: ann.id, opponentId: ben.id })).toEqual([9, 5, 2, 1]);
    expect(await labels({ playerId: ben.id, opponentId: ann.id })).toEqual([9, 5, 2, 1]);
    expect(await labels({ playerId: ann.id, opponentId: cat.id })).toEqual([6, 4, 3]);
    expect(await labels({ playerId: cat.id, opponentId: ann.id })).toEqual([6, 4, 3]);
  });

  it('keeps the finished matches a player won, or lost, whichever colour they played', async () => {
    expect(await labels({ playerId: ann.id, result: 'won' })).toEqual([1]);
    expect(await labels({ playerId: ann.id, result: 'lost' })).toEqual([3, 2]);
    expect(await labels({ playerId: ben.id, result: 'won' })).toEqual([2]);
    expect(await labels({ playerId: cat.id, result: 'won' })).toEqual([7, 3]);
    expect(await labels({ playerId: ann.id, opponentId: ben.id, result: 'lost' })).toEqual([2]);
  });

  it('keeps a status, a variant, a length, and a window of creation times (since inclusive, until exclusive)', async () => {
    expect(await labels({ status: 'finished' })).toEqual([7, 3, 2, 1]);
    expect(await labels({ playerId: ann.id, status: 'invited' })).toEqual([8, 5]);
    expect(await labels({ playerId: ann.id, status: 'declined' })).toEqual([6]);
    expect(await labels({ variant: 'long-nardy' })).toEqual([7, 2]);
    expect(await labels({ playerId: ann.id, length: 0 })).toEqual([4]);
    expect(await labels({ since: minute(3), until: minute(6) })).toEqual([5, 4, 3]);
    expect(await labels({ playerId: ann.id, since: minute(4), status: 'finished' })).toEqual([]);
  });

  it('refuses a cursor of another list, and an opponent or result without a player', async () => {
    const first = await history.find(ANY, { limit: 1 });
    await expect(history.find(ANY, { cursor: first.next!.slice(0, -2) + 'xx', limit: 1 })).rejects.toThrow(
      InvalidCursorError,
    );
    await expect(history.find({ ...ANY, opponentId: ann.id }, { limit: 1 })).rejects.toThrow(RangeError);
    await expect(history.find({ ...ANY, result: 'won' }, { limit: 1 })).rejects.toThrow(RangeError);
  });
});

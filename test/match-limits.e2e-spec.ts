import request from 'supertest';
import { expectProblem, type MatchStateJson, type Player } from './support/match-client.js';
import { DAY } from './support/manual-clock.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * Limits on new matches and on rating farming (README "Configuration", docs/rules.md "Ratings"), with
 * small caps: a creator's open challenges and invitations waiting at once, those to one player, the
 * rated matches of a pair in a rolling 24 hours, and the experience the leaderboard asks for. A cap
 * refuses the match over it with 409 and its code, and stores nothing.
 */
const LIMITS = {
  OPEN_CHALLENGES_PER_USER: '2',
  INVITATIONS_PER_USER: '3',
  INVITATIONS_PER_TARGET: '2',
  RATED_MATCHES_PER_PAIR_PER_DAY: '2',
  LEADERBOARD_MIN_EXPERIENCE: '3',
};

let s: ScriptedApp;

beforeAll(async () => {
  s = await startScriptedApp(LIMITS);
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

let players = 0;
/** A new player of this file's own. */
const player = (): Promise<Player> => s.client.register(`player-${++players}`);

/** The matches `creator` created, by the database. */
async function createdBy(creator: Player): Promise<number> {
  const rows = await s.t.prisma.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM matches m JOIN users u ON u.id = m.creator_id WHERE u.username = $1',
    creator.username,
  );
  return rows[0].n;
}

const challenge = (by: Player, terms: Record<string, unknown> = {}) =>
  s.client.createRaw(by, { variant: 'backgammon', length: 1, ...terms });

async function refusedOver(by: Player, terms: Record<string, unknown>, code: string, limit: number): Promise<void> {
  const before = await createdBy(by);
  const res = await challenge(by, terms).expect(409);
  expectProblem(res);
  expect(res.body).toMatchObject({ code, limit });
  expect(await createdBy(by)).toBe(before);
}

describe('open challenges and invitations waiting at once', () => {
  it('refuses the open challenge over OPEN_CHALLENGES_PER_USER (409 too-many-open-challenges), storing nothing; an aborted one frees its slot', async () => {
    const alice = await player();
    const [first] = [(await challenge(alice).expect(201)).body as MatchStateJson];
    await challenge(alice).expect(201);
    await refusedOver(alice, {}, 'too-many-open-challenges', 2);
    await s.client.ok(alice, first.id, 'abort');
    await challenge(alice).expect(201);
    await refusedOver(alice, {}, 'too-many-open-challenges', 2);
  });

  it('refuses the third invitation to one player (INVITATIONS_PER_TARGET, too-many-invitations-to-player); a declined one frees its slot', async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const first = (await challenge(alice, { opponent: bob.username }).expect(201)).body as MatchStateJson;
    await challenge(alice, { opponent: bob.username }).expect(201);
    await refusedOver(alice, { opponent: bob.username }, 'too-many-invitations-to-player', 2);
    // Another player may still be invited, and another user may invite bob.
    await challenge(alice, { opponent: carol.username }).expect(201);
    await challenge(carol, { opponent: bob.username }).expect(201);
    await s.client.ok(bob, first.id, 'decline');
    await challenge(alice, { opponent: bob.username }).expect(201);
  });

  it('refuses the invitation over INVITATIONS_PER_USER (too-many-invitations); a started one frees its slot', async () => {
    const alice = await player();
    const invited = [await player(), await player(), await player(), await player()];
    const first = (await challenge(alice, { opponent: invited[0].username }).expect(201)).body as MatchStateJson;
    await challenge(alice, { opponent: invited[1].username }).expect(201);
    await challenge(alice, { opponent: invited[2].username }).expect(201);
    await refusedOver(alice, { opponent: invited[3].username }, 'too-many-invitations', 3);
    // Open challenges are counted apart.
    await challenge(alice).expect(201);
    s.dice.script(first.id, [3, 1]);
    await s.client.ok(invited[0], first.id, 'join');
    await challenge(alice, { opponent: invited[3].username }).expect(201);
  });
});

describe('rated matches of one pair in a day (RATED_MATCHES_PER_PAIR_PER_DAY)', () => {
  async function profile(p: Player): Promise<{ rating: number; experience: number }> {
    return (await request(s.t.http).get(`/api/users/${p.username}`).expect(200)).body as {
      rating: number;
      experience: number;
    };
  }

  /** A 1-point match of `loser` (white) against `winner` that `loser` resigns at once. */
  async function resigned(loser: Player, winner: Player): Promise<MatchStateJson> {
    const id = await startScriptedMatch(s, loser, winner, { variant: 'backgammon', length: 1 }, [[3, 1]]);
    await s.client.ok(loser, id, 'resign', { value: 1 });
    return s.client.ok(winner, id, 'resignation/accept');
  }

  it('creates the next invitation of the pair unrated, saying why, and it moves no rating; a day later the pair is rated again', async () => {
    const [farmer, feeder] = [await player(), await player()];
    expect(await resigned(feeder, farmer)).toMatchObject({ rated: true, unratedReason: null });
    expect(await resigned(feeder, farmer)).toMatchObject({ rated: true, unratedReason: null });
    const rating = (await profile(farmer)).rating;
    expect(rating).toBeGreaterThan(1500);

    const third = (await challenge(feeder, { opponent: farmer.username }).expect(201)).body as MatchStateJson;
    expect(third).toMatchObject({ rated: false, unratedReason: 'pair-daily-limit' });
    s.dice.script(third.id, [3, 1]);
    await s.client.ok(farmer, third.id, 'join');
    await s.client.ok(feeder, third.id, 'resign', { value: 1 });
    expect(await s.client.ok(farmer, third.id, 'resignation/accept')).toMatchObject({
      status: 'finished',
      rated: false,
      unratedReason: 'pair-daily-limit',
    });
    expect(await profile(farmer)).toMatchObject({ rating, experience: 2 });

    // Either player inviting counts for the pair; other pairs are not limited.
    const reverse = (await challenge(farmer, { opponent: feeder.username }).expect(201)).body as MatchStateJson;
    expect(reverse).toMatchObject({ rated: false, unratedReason: 'pair-daily-limit' });
    const other = (await challenge(farmer, { opponent: (await player()).username }).expect(201)).body as MatchStateJson;
    expect(other).toMatchObject({ rated: true, unratedReason: null });

    s.clock.advance(DAY + 1);
    const nextDay = (await challenge(feeder, { opponent: farmer.username }).expect(201)).body as MatchStateJson;
    expect(nextDay).toMatchObject({ rated: true, unratedReason: null });
  });

  it('makes an open challenge asked rated unrated when its join finds the pair at the limit, and says so in the join', async () => {
    const [farmer, feeder] = [await player(), await player()];
    await resigned(feeder, farmer);
    await resigned(feeder, farmer);
    const open = (await challenge(feeder, { colour: 'white' }).expect(201)).body as MatchStateJson;
    expect(open).toMatchObject({ rated: true, unratedReason: null });
    s.dice.script(open.id, [3, 1]);
    const joined = await s.client.ok(farmer, open.id, 'join');
    expect(joined).toMatchObject({ status: 'playing', rated: false, unratedReason: 'pair-daily-limit' });
    expect(await s.client.state(open.id)).toMatchObject({ rated: false, unratedReason: 'pair-daily-limit' });
    const rating = (await profile(farmer)).rating;
    await s.client.ok(feeder, open.id, 'resign', { value: 1 });
    await s.client.ok(farmer, open.id, 'resignation/accept');
    expect((await profile(farmer)).rating).toBe(rating);
  });

  it('gives the last rated slot of a pair to one of two invitations made at once, each player inviting the other', async () => {
    const [a, b] = [await player(), await player()];
    await resigned(a, b);
    const raced = await Promise.all([
      challenge(a, { opponent: b.username }).expect(201),
      challenge(b, { opponent: a.username }).expect(201),
    ]);
    const rated = raced.map((res) => (res.body as MatchStateJson).rated);
    expect(rated.sort()).toEqual([false, true]);
  });

  it('replays the rating the statement decided to a retry with the same Idempotency-Key, on create and on join', async () => {
    const [farmer, feeder] = [await player(), await player()];
    await resigned(feeder, farmer);
    await resigned(feeder, farmer);
    const create = () =>
      challenge(feeder, { opponent: farmer.username }).set('Idempotency-Key', `create-${feeder.username}`).expect(201);
    const first = await create();
    expect(first.body).toMatchObject({ rated: false, unratedReason: 'pair-daily-limit' });
    const replayed = await create();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toMatchObject({ id: (first.body as MatchStateJson).id, rated: false });
    expect(replayed.body).toMatchObject({ unratedReason: 'pair-daily-limit' });

    const open = (await challenge(feeder, { colour: 'white' }).expect(201)).body as MatchStateJson;
    s.dice.script(open.id, [3, 1]);
    const join = () => s.client.act(farmer, open.id, 'join', {}, { 'Idempotency-Key': `join-${open.id}` }).expect(200);
    expect((await join()).body).toMatchObject({ rated: false, unratedReason: 'pair-daily-limit' });
    const rejoined = await join();
    expect(rejoined.headers['idempotent-replayed']).toBe('true');
    expect(rejoined.body).toMatchObject({ status: 'playing', rated: false, unratedReason: 'pair-daily-limit' });
  });

  it('lets the open challenge of a pair below the limit be joined rated', async () => {
    const [a, b] = [await player(), await player()];
    const open = (await challenge(a, { colour: 'white' }).expect(201)).body as MatchStateJson;
    s.dice.script(open.id, [3, 1]);
    expect(await s.client.ok(b, open.id, 'join')).toMatchObject({ rated: true, unratedReason: null });
  });
});

describe('the leaderboard (LEADERBOARD_MIN_EXPERIENCE)', () => {
  it('lists only players with at least the minimum experience; the profile of one below it still shows the rating', async () => {
    const [veteran, novice, beaten] = [await player(), await player(), await player()];
    // veteran beats beaten in a 3-point match (3 experience each); novice wins a 1-point match (1).
    // (Resigned, not left: a match left before 3 real decisions each is not rated, docs/rules.md "Ratings".)
    const three = await startScriptedMatch(s, beaten, veteran, { variant: 'backgammon', length: 3 }, [[3, 1]]);
    await s.client.ok(beaten, three, 'resign', { value: 3 });
    await s.client.ok(veteran, three, 'resignation/accept');
    const one = await startScriptedMatch(s, beaten, novice, { variant: 'backgammon', length: 1 }, [[3, 1]]);
    await s.client.ok(beaten, one, 'resign', { value: 1 });
    await s.client.ok(novice, one, 'resignation/accept');
    const listed: string[] = [];
    let next: string | null = null;
    do {
      const query: string = next === null ? '' : `&cursor=${next}`;
      const page = (await request(s.t.http).get(`/api/users?sort=rating&limit=50${query}`).expect(200)).body as {
        items: { username: string; experience: number }[];
        next: string | null;
      };
      listed.push(...page.items.map((u) => u.username));
      expect(page.items.every((u) => u.experience >= 3)).toBe(true);
      next = page.next;
    } while (next !== null);
    expect(listed).toContain(veteran.username);
    expect(listed).toContain(beaten.username);
    expect(listed).not.toContain(novice.username);
    const profile = (await request(s.t.http).get(`/api/users/${novice.username}`).expect(200)).body as {
      rating: number;
      experience: number;
    };
    expect(profile.experience).toBe(1);
    expect(profile.rating).toBeGreaterThan(1500);
  });
});

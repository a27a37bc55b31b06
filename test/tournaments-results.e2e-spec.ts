import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import {
  Roster,
  TOURNAMENT_TEST_ENV,
  TournamentClient,
  runningMatches,
  type TournamentJson,
} from './support/tournament-client.js';

/**
 * Tournament results over HTTP (docs/tournaments.md, "Results", "Standings"):
 * round-robins of 4 whose ties are broken by each rule in turn, with the
 * matches' scores made game by game (a resignation offered and accepted);
 * a withdrawal mid-tournament in each format.
 */

let t: TestApp;
let client: MatchClient;
let tournaments: TournamentClient;
let roster: Roster;
const player = (name: string): Promise<Player> => roster.player(name);

beforeAll(async () => {
  t = await startTestApp(TOURNAMENT_TEST_ENV);
  client = new MatchClient(t.http);
  tournaments = new TournamentClient(t.http);
  roster = new Roster(client);
});
afterAll(() => t.close());

/** `winner` wins the next game of the match, worth `value` (1 single, 2 gammon, 3 backgammon): the loser resigns it. */
async function winGame(matchId: string, winner: Player, loser: Player, value: 1 | 2 | 3): Promise<MatchStateJson> {
  for (let tries = 0; tries < 6; tries++) {
    const view = await client.state(matchId, loser);
    if (view.actions.includes('resign')) {
      await client.ok(loser, matchId, 'resign', { value });
      return client.ok(winner, matchId, 'resignation/accept');
    }
    // Not a moment to resign (a throw to make first): whoever may throw does.
    const other = await client.state(matchId, winner);
    const thrower = view.actions.includes('roll') ? loser : other.actions.includes('roll') ? winner : null;
    if (thrower === null)
      throw new Error(`match ${matchId}: neither may resign nor throw (${JSON.stringify(view.actions)})`);
    await client.ok(thrower, matchId, 'roll');
  }
  throw new Error(`match ${matchId}: no game won`);
}

/**
 * Plays the 3-point match between `winner` and `loser` to `winnerPoints`-`loserPoints`: the loser's
 * single games first, then the winner's (a last gammon when the score calls for it: 4 points is 2 and a gammon).
 */
async function playTo(
  matchId: string,
  winner: Player,
  loser: Player,
  winnerPoints: number,
  loserPoints: number,
): Promise<void> {
  for (let i = 0; i < loserPoints; i++) await winGame(matchId, loser, winner, 1);
  if (winnerPoints === 3) await winGame(matchId, winner, loser, 3);
  else if (winnerPoints === 4) {
    await winGame(matchId, winner, loser, 1);
    await winGame(matchId, winner, loser, 1);
    await winGame(matchId, winner, loser, 2);
  } else throw new Error(`no plan for ${winnerPoints}`);
  const end = await client.state(matchId);
  expect(end.status).toBe('finished');
}

/** A round-robin of 4 (p1-p4 in seed order: equal ratings, seeded by entry) whose matches end as `results` say. */
async function roundRobin(tag: string, results: Record<string, readonly [number, number]>): Promise<TournamentJson> {
  const organiser = await player(`org-${tag}`);
  const created = await tournaments.create(organiser, {
    name: `Group ${tag}`,
    variant: 'backgammon',
    format: 'round-robin',
    lengths: [3],
    daysPerTurn: null,
    maxPlayers: 4,
  });
  const names = [1, 2, 3, 4].map((n) => `${tag}p${n}`);
  for (const name of names) await tournaments.enter(await player(name), created.id);
  await tournaments.start(organiser, created.id);
  const started = await tournaments.waitFor(created.id, (x) => runningMatches(x).length === 6, 'its six matches');
  for (const [pair, [winnerPoints, loserPoints]] of Object.entries(results)) {
    const [winner, loser] = pair.split('>').map((n) => `${tag}p${n}`);
    const match = runningMatches(started).find((m) => m.players.includes(winner) && m.players.includes(loser));
    if (match?.matchId === null || match === undefined) throw new Error(`no match ${pair}`);
    await playTo(match.matchId, await player(winner), await player(loser), winnerPoints, loserPoints);
  }
  return tournaments.waitFor(created.id, (x) => x.status === 'finished', 'the end');
}

const table = (x: TournamentJson): [string, string | null][] => x.standings.map((s) => [s.username, s.tieBreak]);

describe('a round-robin of 4, its ties broken by each rule in turn', () => {
  it('matches won level: head-to-head', async () => {
    const over = await roundRobin('h', {
      '2>1': [3, 0],
      '1>3': [3, 0],
      '1>4': [3, 0],
      '2>3': [3, 0],
      '4>2': [3, 0],
      '3>4': [3, 0],
    });
    expect(table(over)).toEqual([
      ['hp2', 'head-to-head'],
      ['hp1', null],
      ['hp3', 'head-to-head'],
      ['hp4', null],
    ]);
    expect(over.champion).toBe('hp2');
    expect(over.standings.map((s) => s.won)).toEqual([2, 2, 1, 1]);
  });

  it('head-to-head in a circle: points difference, then head-to-head between the two still level', async () => {
    const over = await roundRobin('d', {
      '1>2': [3, 0],
      '2>3': [3, 2],
      '3>1': [3, 1],
      '1>4': [3, 0],
      '2>4': [3, 0],
      '3>4': [3, 0],
    });
    expect(table(over)).toEqual([
      ['dp3', 'head-to-head'],
      ['dp1', 'points-difference'],
      ['dp2', null],
      ['dp4', null],
    ]);
    expect(over.standings[0]).toMatchObject({ pointsFor: 8, pointsAgainst: 4 }); // 3-1, 2-3, 3-0
  });

  it('points difference level too: points won (a gammon took one match to 4-1)', async () => {
    const over = await roundRobin('w', {
      '1>2': [3, 1],
      '2>3': [3, 1],
      '3>1': [3, 1],
      '1>4': [3, 0],
      '2>4': [4, 1],
      '3>4': [3, 0],
    });
    expect(table(over)).toEqual([
      ['wp2', 'points-won'],
      ['wp3', 'head-to-head'],
      ['wp1', null],
      ['wp4', null],
    ]);
    expect(over.standings.map((s) => s.pointsFor - s.pointsAgainst)).toEqual([3, 3, 3, -9]);
  });

  it('level on everything: the seed', async () => {
    const over = await roundRobin('s', {
      '1>2': [3, 1],
      '2>3': [3, 1],
      '3>1': [3, 1],
      '1>4': [3, 0],
      '2>4': [3, 0],
      '3>4': [3, 0],
    });
    expect(table(over)).toEqual([
      ['sp1', 'seed'],
      ['sp2', 'seed'],
      ['sp3', null],
      ['sp4', null],
    ]);
    expect(over.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
  });
});

describe('a withdrawal after the start', () => {
  it('knock-out: the match under way is forfeited and the opponent goes through', async () => {
    const organiser = await player('org-kw');
    const created = await tournaments.create(organiser, {
      name: 'Four, one leaves',
      variant: 'long-nardy',
      format: 'knockout',
      lengths: [1],
      daysPerTurn: 2,
      maxPlayers: 4,
    });
    for (const name of ['kw1', 'kw2', 'kw3', 'kw4']) await tournaments.enter(await player(name), created.id);
    await tournaments.start(organiser, created.id);
    const started = await tournaments.waitFor(created.id, (x) => runningMatches(x).length === 2, 'two matches');
    const match = runningMatches(started).find((m) => m.players.includes('kw4'));
    const opponent = match?.players.find((p) => p !== 'kw4') as string;
    const after = await tournaments.withdraw(await player('kw4'), created.id);
    expect(after.entrants.find((e) => e.username === 'kw4')?.withdrawn).toBe(true);
    const moved = await tournaments.waitFor(
      created.id,
      (x) => x.rounds[1].matches[0].players.includes(opponent) || x.rounds[1].matches[1]?.players.includes(opponent),
      'the opponent in the final',
    );
    const state = await client.state(match?.matchId as string);
    expect(state).toMatchObject({ status: 'finished', result: { reason: 'leave' } });
    expect(moved.standings.find((s) => s.username === 'kw4')).toMatchObject({ played: 1, lost: 1, withdrawn: true });
    await tournaments.refused(tournaments.withdrawRaw(await player('kw4'), created.id), 409, 'already-withdrawn');
  });

  it('round-robin: the played match stands, the unplayed ones are lost, and it runs to its end', async () => {
    const organiser = await player('org-rw');
    const created = await tournaments.create(organiser, {
      name: 'Four, one leaves midway',
      variant: 'backgammon',
      format: 'round-robin',
      lengths: [3],
      daysPerTurn: null,
      maxPlayers: 4,
    });
    for (const name of ['rw1', 'rw2', 'rw3', 'rw4']) await tournaments.enter(await player(name), created.id);
    await tournaments.start(organiser, created.id);
    const started = await tournaments.waitFor(created.id, (x) => runningMatches(x).length === 6, 'six matches');
    const between = (a: string, b: string): string =>
      runningMatches(started).find((m) => m.players.includes(a) && m.players.includes(b))?.matchId as string;
    await playTo(between('rw4', 'rw1'), await player('rw4'), await player('rw1'), 3, 2);
    await tournaments.waitFor(created.id, (x) => runningMatches(x).length === 5, 'the first result');
    await tournaments.withdraw(await player('rw4'), created.id);
    await tournaments.waitFor(created.id, (x) => runningMatches(x).length === 3, 'rw4’s two other matches forfeited');
    for (const [a, b] of [
      ['rw1', 'rw2'],
      ['rw1', 'rw3'],
      ['rw2', 'rw3'],
    ] as const) {
      await playTo(between(a, b), await player(a), await player(b), 3, 0);
    }
    const over = await tournaments.waitFor(created.id, (x) => x.status === 'finished', 'the end');
    expect(over.standings.find((s) => s.username === 'rw4')).toMatchObject({
      played: 3,
      won: 1,
      lost: 2,
      pointsFor: 3,
      withdrawn: true,
    });
    expect(over.champion).toBe('rw1');
  });
});

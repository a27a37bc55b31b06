import request from 'supertest';
import { mulberry32 } from '../src/engine/testing/index.js';
import { playAgainstBot } from './support/bot-opponent.js';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import {
  Roster,
  TOURNAMENT_TEST_ENV,
  TournamentClient,
  decidedMatches,
  runningMatches,
  type TournamentJson,
  type TournamentMatchJson,
} from './support/tournament-client.js';

/**
 * Whole tournaments over HTTP (docs/tournaments.md): created, entered, started,
 * every match played to the end by the tests' players (and a house bot), the
 * draw moving on as results come in, to the champion; the refusals, which
 * change nothing.
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

const KNOCKOUT = {
  variant: 'backgammon',
  format: 'knockout',
  lengths: [1],
  daysPerTurn: 3,
  maxPlayers: 8,
  botsAllowed: true,
};

/** Reads a whole text body (an event stream that ends). */
const text: Parameters<request.Test['parse']>[0] = (res, done) => {
  let body = '';
  res.on('data', (chunk: Buffer) => (body += chunk.toString()));
  res.on('end', () => done(null, body));
};

/** The match of a slot as its players see it, once over. */
async function finished(matchId: string): Promise<MatchStateJson> {
  return client.state(matchId);
}

/**
 * Plays the slot's match to its end: against a house bot the person plays its side while the
 * service's worker plays the bot's; between people both sides play (random legal choices).
 */
async function playOut(match: TournamentMatchJson, seed: number): Promise<MatchStateJson> {
  const matchId = match.matchId as string;
  const [white, black] = match.players as [string, string];
  const random = mulberry32(seed);
  const human = [white, black].find((name) => !name.startsWith('bot'));
  if (white.startsWith('bot') || black.startsWith('bot')) {
    return playAgainstBot(client, matchId, await player(human as string), { random, doubleRate: 0 });
  }
  return client.playUntil(
    matchId,
    { white: await player(white), black: await player(black) },
    { random, doubleRate: 0 },
  );
}

/** The winner of a finished match, by username. */
function winnerOf(state: MatchStateJson): string {
  const colour = state.result?.winner;
  if (colour === undefined || colour === null) throw new Error(`match ${state.id} has no winner`);
  return state.players[colour]?.username as string;
}

describe('a knock-out of 6 with a house bot', () => {
  let id: string;

  it('draws seeds 1 and 2 a bye and creates the first round’s two matches at the start', async () => {
    const olga = await player('olga');
    const created = await tournaments.create(olga, { ...KNOCKOUT, name: 'Six and a bot' });
    id = created.id;
    expect(created).toMatchObject({ status: 'open', organiser: 'olga', entriesOpen: true, entrants: [], rounds: [] });
    for (const name of ['kara', 'leon', 'mira', 'nils', 'oska']) await tournaments.enter(await player(name), id);
    const withBot = await tournaments.enter(olga, id, 'bot');
    expect(withBot.entrants.map((e) => [e.username, e.bot])).toContainEqual(['bot', true]);
    const started = await tournaments.start(olga, id);
    expect(started.status).toBe('running');
    const [first, second, final] = started.rounds;
    expect([first.matches.length, second.matches.length, final.matches.length]).toEqual([4, 2, 1]);
    const byes = first.matches.filter((m) => m.decidedBy === 'bye');
    const seedOf = (name: string | null): number | null =>
      started.entrants.find((e) => e.username === name)?.seed ?? null;
    expect(byes.map((m) => seedOf(m.winner)).sort()).toEqual([1, 2]);
    const ready = await tournaments.waitFor(id, (x) => runningMatches(x).length === 2, 'the first round’s matches');
    for (const match of runningMatches(ready)) {
      const state = await client.state(match.matchId as string, await player(match.players[0] as string));
      expect(state).toMatchObject({ status: 'playing', length: 1, rated: true, daysPerTurn: 3, you: 'white' });
      expect(state.players.black?.username).toBe(match.players[1]);
    }
  });

  it('plays every match to its end; each winner goes on as soon as its next match has both players; one champion', async () => {
    let seed = 1;
    for (let guard = 0; guard < 10; guard++) {
      const now = await tournaments.get(id);
      if (now.status === 'finished') break;
      const [match] = runningMatches(now);
      if (match === undefined) {
        await tournaments.waitFor(id, (x) => x.status === 'finished' || runningMatches(x).length > 0, 'a next match');
        continue;
      }
      const end = await playOut(match, seed++);
      expect(end.status).toBe('finished');
      await tournaments.waitFor(
        id,
        (x) => x.rounds.some((r) => r.matches.some((m) => m.matchId === match.matchId && m.decidedBy === 'match')),
        `the result of ${match.matchId}`,
      );
    }
    const over: TournamentJson = await tournaments.get(id);
    expect(over.status).toBe('finished');
    const decided = decidedMatches(over);
    expect(decided).toHaveLength(5);
    expect(decided.some((m) => m.players.includes('bot'))).toBe(true);
    for (const slot of decided) expect(slot.winner).toBe(winnerOf(await finished(slot.matchId as string)));
    const final = over.rounds[2].matches[0];
    const ofFinal = await request(t.http).get(`/api/tournaments?match=${final.matchId}`).expect(200);
    expect((ofFinal.body as { tournaments: TournamentJson[] }).tournaments.map((x) => x.id)).toEqual([id]);
    expect(over.champion).toBe(final.winner);
    expect(over.standings[0]).toMatchObject({ username: over.champion, rank: 1 });
    expect(over.standings.filter((s) => s.rank === 2)).toHaveLength(1);
    // Every winner of round r played in round r + 1 (or is the champion).
    for (const [r, round] of over.rounds.entries()) {
      for (const slot of round.matches) {
        if (r + 1 < over.rounds.length)
          expect(over.rounds[r + 1].matches[slot.slot >> 1].players).toContain(slot.winner);
      }
    }
  });

  it('keeps the whole log: a start, five matches created and finished, the advances, the end', async () => {
    const res = await request(t.http).get(`/api/tournaments/${id}/events?limit=1000`).expect(200);
    const body = res.body as { events: { version: number; type: string }[]; version: number };
    const count = (type: string): number => body.events.filter((e) => e.type === type).length;
    expect(body.events.map((e) => e.version)).toEqual(body.events.map((_, i) => i + 1));
    expect(body.version).toBe(body.events.length);
    expect([count('created'), count('entered'), count('started'), count('finished')]).toEqual([1, 6, 1, 1]);
    // The tournament folded again from its log is the one stored, and any moment of it can be read.
    const now = (await request(t.http).get(`/api/tournaments/${id}`).expect(200)).body as TournamentJson;
    const refolded = await request(t.http).get(`/api/tournaments/${id}?version=${body.version}`).expect(200);
    expect({ ...(refolded.body as TournamentJson), updatedAt: null }).toEqual({ ...now, updatedAt: null });
    const atStart = body.events.find((e) => e.type === 'started')?.version as number;
    const then = (await request(t.http).get(`/api/tournaments/${id}?version=${atStart}`).expect(200))
      .body as TournamentJson;
    expect(then).toMatchObject({ status: 'running', champion: null, version: atStart });
    expect(decidedMatches(then)).toEqual([]);
    await request(t.http)
      .get(`/api/tournaments/${id}?version=${body.version + 1}`)
      .expect(404);
    expect([count('match-created'), count('match-finished'), count('advanced')]).toEqual([5, 5, 7]); // advances: 2 byes and the 5 matches' winners (the final's too)
  });
});

describe('the live stream', () => {
  it('sends the log as server-sent events, resumes after Last-Event-ID, and ends after `finished`', async () => {
    const [finishedOne] = (
      (await request(t.http).get('/api/tournaments?status=finished').expect(200)).body as {
        tournaments: TournamentJson[];
      }
    ).tournaments;
    const whole = await request(t.http)
      .get(`/api/tournaments/${finishedOne.id}/stream`)
      .buffer(true)
      .parse(text)
      .expect(200);
    expect(whole.headers['content-type']).toMatch(/^text\/event-stream/);
    const ids = (body: string): number[] => [...body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    const all = ids(whole.body as string);
    expect(all).toEqual(Array.from({ length: finishedOne.version }, (_, i) => i + 1));
    expect(whole.body as string).toMatch(/event: finished\ndata: \{"version":\d+,"type":"finished"/);
    const resumed = await request(t.http)
      .get(`/api/tournaments/${finishedOne.id}/stream`)
      .set('Last-Event-ID', String(finishedOne.version - 2))
      .buffer(true)
      .parse(text)
      .expect(200);
    expect(ids(resumed.body as string)).toEqual([finishedOne.version - 1, finishedOne.version]);
    // Everything of a tournament that is over in hand: 204, and an EventSource stops reconnecting.
    await request(t.http)
      .get(`/api/tournaments/${finishedOne.id}/stream`)
      .set('Last-Event-ID', String(finishedOne.version))
      .expect(204);
  });
});

describe('refusals', () => {
  it('refuse what the terms do not allow, and change nothing', async () => {
    const olga = await player('olga');
    const kara = await player('kara');
    await tournaments.refused(tournaments.createRaw(null, { ...KNOCKOUT, name: 'x' }), 401, 'unauthorized');
    await tournaments.refused(
      tournaments.createRaw(olga, { ...KNOCKOUT, name: 'Big group', format: 'round-robin', maxPlayers: 17 }),
      400,
      'invalid-tournament-terms',
    );
    await tournaments.refused(
      tournaments.createRaw(olga, { ...KNOCKOUT, name: 'x', lengths: [0] }),
      400,
      'validation-failed',
    );
    const small = await tournaments.create(olga, {
      ...KNOCKOUT,
      name: 'Two only',
      maxPlayers: 2,
      botsAllowed: false,
      minRating: 1400,
    });
    await tournaments.refused(tournaments.enterRaw(olga, small.id, 'bot'), 422, 'bots-not-allowed');
    await tournaments.enter(kara, small.id);
    await tournaments.refused(tournaments.enterRaw(kara, small.id), 409, 'already-entered');
    await tournaments.refused(tournaments.enterRaw(kara, small.id, 'bot'), 403, 'not-the-organiser');
    await tournaments.refused(tournaments.commandRaw(olga, small.id, 'start'), 409, 'too-few-entrants');
    await tournaments.enter(olga, small.id);
    await tournaments.refused(tournaments.enterRaw(await player('leon'), small.id), 409, 'tournament-full');
    await tournaments.refused(tournaments.commandRaw(kara, small.id, 'start'), 403, 'not-the-organiser');
    const before = await tournaments.get(small.id);
    expect(before.entrants.map((e) => e.username)).toEqual(['kara', 'olga']);
    await tournaments.start(olga, small.id);
    await tournaments.refused(tournaments.commandRaw(olga, small.id, 'cancel'), 409, 'tournament-started');
    await tournaments.refused(tournaments.withdrawRaw(await player('leon'), small.id), 409, 'not-entered');
    await tournaments.refused(request(t.http).get('/api/tournaments/not-a-uuid'), 404, 'tournament-not-found');
  });

  it('let an outside bot account enter itself where bots are allowed, and only there', async () => {
    const olga = await player('olga');
    const robo = await player('robo_entrant');
    await request(t.http).post('/api/users/me/upgrade-to-bot').set('Authorization', `Bearer ${robo.token}`).expect(200);
    const people = await tournaments.create(olga, { ...KNOCKOUT, name: 'People only', botsAllowed: false });
    await tournaments.refused(tournaments.enterRaw(robo, people.id), 422, 'bots-not-allowed');
    const open = await tournaments.create(olga, { ...KNOCKOUT, name: 'Bots welcome' });
    const entered = await tournaments.enter(robo, open.id);
    expect(entered.entrants).toEqual([expect.objectContaining({ username: 'robo_entrant', bot: true })]);
  });

  it('take an entry back before the start, and cancel it then', async () => {
    const olga = await player('olga');
    const open = await tournaments.create(olga, { ...KNOCKOUT, name: 'Called off' });
    await tournaments.enter(await player('mira'), open.id);
    const back = await tournaments.withdraw(await player('mira'), open.id);
    expect(back.entrants).toEqual([]);
    const cancelled = (
      await request(t.http)
        .post(`/api/tournaments/${open.id}/cancel`)
        .set('Authorization', `Bearer ${olga.token}`)
        .expect(200)
    ).body as TournamentJson;
    expect(cancelled.status).toBe('cancelled');
    // Every change after it is refused as what it is: the tournament was cancelled (not "started").
    await tournaments.refused(tournaments.commandRaw(olga, open.id, 'cancel'), 409, 'tournament-cancelled');
    await tournaments.refused(tournaments.commandRaw(olga, open.id, 'start'), 409, 'tournament-cancelled');
    await tournaments.refused(tournaments.enterRaw(await player('mira'), open.id), 409, 'tournament-cancelled');
    await tournaments.refused(tournaments.withdrawRaw(await player('mira'), open.id), 409, 'tournament-cancelled');
    expect((await tournaments.get(open.id)).version).toBe(cancelled.version);
    const listed = await request(t.http).get('/api/tournaments?status=cancelled').expect(200);
    expect((listed.body as { tournaments: TournamentJson[] }).tournaments.map((x) => x.id)).toContain(open.id);
    const mine = await request(t.http).get('/api/tournaments?player=kara').expect(200);
    expect(
      (mine.body as { tournaments: TournamentJson[] }).tournaments.every((x) =>
        x.entrants.some((e) => e.username === 'kara'),
      ),
    ).toBe(true);
  });
});

describe('a start time', () => {
  it('starts the tournament when it comes, or cancels it with too few entrants', async () => {
    const olga = await player('olga');
    const soon = (): string => new Date(Date.now() + 1_500).toISOString();
    const full = await tournaments.create(olga, { ...KNOCKOUT, name: 'On time', startsAt: soon() });
    for (const name of ['kara', 'leon', 'mira']) await tournaments.enter(await player(name), full.id);
    const empty = await tournaments.create(olga, { ...KNOCKOUT, name: 'Nobody came', startsAt: soon() });
    await tournaments.enter(await player('kara'), empty.id);
    const started = await tournaments.waitFor(full.id, (x) => x.status === 'running', 'the start');
    expect(started.entrants.map((e) => e.seed).sort()).toEqual([1, 2, 3]);
    await tournaments.waitFor(full.id, (x) => runningMatches(x).length === 1, 'the first match');
    const cancelled = await tournaments.waitFor(empty.id, (x) => x.status === 'cancelled', 'the cancellation');
    expect(cancelled).toMatchObject({ cancelled: 'too-few-entrants' });
    await tournaments.refused(
      tournaments.createRaw(olga, { ...KNOCKOUT, name: 'Too late', startsAt: '2020-01-01T00:00:00Z' }),
      400,
      'invalid-tournament-terms',
    );
  });
});

import {
  DEFAULT_RULES,
  foldTournament,
  type TournamentEvent,
  type TournamentPlayer,
  type TournamentTerms,
} from '../../engine/index.js';
import { decideTournamentNotifications } from './decide-tournament-notifications.js';
import type { Party } from './match-facts.js';
import { ANNOUNCEMENT_REACH, announcementWindow } from './tournament-announcement.js';
import { type LoggedTournamentEvent, type TournamentFacts, tournamentChanges } from './tournament-facts.js';

const TOURNAMENT = 't0000000-0000-4000-8000-000000000000';
const now = new Date('2026-11-28T12:00:00.000Z');

const person = (n: number, username: string, extra: Partial<Party> = {}): Party => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  username,
  houseBot: false,
  language: null,
  ...extra,
});
const org = person(0, 'org');
const ann = person(1, 'ann');
const ben = person(2, 'ben', { language: 'ru' });
const cat = person(3, 'cat');
const dan = person(4, 'dan');
const bot = person(5, 'bot', { houseBot: true });
const eve = person(6, 'eve');
const everyone = [org, ann, ben, cat, dan, bot, eve];

const terms = (more: Partial<TournamentTerms> = {}): TournamentTerms => ({
  name: 'Autumn Cup',
  variant: 'backgammon',
  format: 'knockout',
  lengths: [3, 5],
  rules: DEFAULT_RULES,
  daysPerTurn: 2,
  bankDays: 0,
  rated: true,
  maxPlayers: 4,
  minRating: null,
  maxRating: null,
  entriesCloseAt: null,
  startsAt: null,
  botsAllowed: true,
  ...more,
});

const named = (p: Party): TournamentPlayer => ({ id: p.id, username: p.username });
const entered = (p: Party, rating: number): TournamentEvent => ({
  type: 'entered',
  player: named(p),
  rating,
  bot: p.houseBot,
  at: '2026-11-28T10:00:00.000Z',
});
const matchOf = (round: number, slot: number) => `m0000000-0000-4000-8000-00000000${round}0${slot}`;

/**
 * A knock-out of 4 played to its end: seeds ann, ben, cat, dan (by rating); ann beats dan and ben
 * beats cat, ann wins the final. Versions from 1.
 */
function knockout(players: readonly Party[] = [ann, ben, cat, dan]): LoggedTournamentEvent[] {
  const [s1, s2] = players;
  const events: TournamentEvent[] = [
    { type: 'created', organiser: named(org), terms: terms() },
    ...players.map((p, i) => entered(p, 1800 - 100 * i)),
    { type: 'started', seeds: players.map((p) => p.id) },
    { type: 'match-created', round: 1, slot: 0, matchId: matchOf(1, 0) },
    { type: 'match-created', round: 1, slot: 1, matchId: matchOf(1, 1) },
    { type: 'match-finished', matchId: matchOf(1, 0), winner: s1.id, points: [3, 1] },
    { type: 'advanced', round: 1, slot: 0, player: s1.id, by: 'match' },
    { type: 'match-finished', matchId: matchOf(1, 1), winner: s2.id, points: [3, 2] },
    { type: 'advanced', round: 1, slot: 1, player: s2.id, by: 'match' },
    { type: 'match-created', round: 2, slot: 0, matchId: matchOf(2, 0) },
    { type: 'match-finished', matchId: matchOf(2, 0), winner: s1.id, points: [5, 0] },
    { type: 'advanced', round: 2, slot: 0, player: s1.id, by: 'match' },
    { type: 'finished', champion: s1.id },
  ];
  return events.map((event, i) => ({ version: i + 1, event }));
}

/** The facts of `log` decided after `decided`, read up to `upTo`, with everyone known and `audience`. */
function facts(log: readonly LoggedTournamentEvent[], decided: number, upTo = log.length, audience: string[] = []) {
  const read = log.filter((e) => e.version <= upTo);
  // The stored projection is the fold of what was read; the relay reads only the events after `decided`.
  const state = foldTournament(read.map((e) => e.event));
  const { latest, changes } = tournamentChanges(
    state,
    read.filter((e) => e.version > decided),
  );
  const people = new Map(everyone.map((p) => [p.id, p]));
  return { tournamentId: TOURNAMENT, latest, changes, people, audience } satisfies TournamentFacts;
}

const decided = (f: TournamentFacts) => decideTournamentNotifications(f, now).map((d) => d.notification);
const versionOf = (log: readonly LoggedTournamentEvent[], find: (e: TournamentEvent) => boolean): number =>
  log.find((e) => find(e.event))?.version ?? -1;

describe('decideTournamentNotifications', () => {
  const log = knockout();

  it('announces open entries to the audience read, but not to the organiser, a house bot or who entered', () => {
    const audience = [ann.id, org.id, bot.id, eve.id, cat.id];
    // Read up to ann's entry (version 2): ann has entered, the tournament is open.
    const told = decided(facts(log, 0, 2, audience));
    expect(told.map((n) => [n.userId, n.type])).toEqual([
      [eve.id, 'tournament.open'],
      [cat.id, 'tournament.open'],
    ]);
    expect(told[0]).toMatchObject({
      kind: 'tournament',
      tournamentId: TOURNAMENT,
      matchId: null,
      path: `/tournaments/${TOURNAMENT}`,
      title: 'Entries are open: Autumn Cup',
      body: 'org organises a knock-out of backgammon for up to 4 players, open to every rating.',
      data: { tournamentId: TOURNAMENT, tournament: 'Autumn Cup', organiser: 'org', maxPlayers: 4 },
    });
  });

  it('announces nothing once the tournament no longer takes entries (full, started)', () => {
    expect(decided(facts(log, 0, 5, [eve.id]))).toEqual([]);
    expect(decided(facts(log, 0, 6, [eve.id]))).toEqual([]);
  });

  it('tells both players that their match is ready, each with the other as opponent, in their language', () => {
    const version = versionOf(log, (e) => e.type === 'match-created' && e.slot === 1 && e.round === 1);
    const told = decided(facts(log, version - 1, version));
    expect(told.map((n) => [n.userId, n.type, n.data.opponent])).toEqual([
      [ben.id, 'tournament.match-ready', 'cat'],
      [cat.id, 'tournament.match-ready', 'ben'],
    ]);
    expect(told[1]).toMatchObject({
      matchId: matchOf(1, 1),
      path: `/matches/${matchOf(1, 1)}`,
      title: 'Your round 1 match against ben is ready',
      body: 'Autumn Cup: Backgammon, 3-point match, 2 days per move. Good luck!',
      data: { tournamentId: TOURNAMENT, matchId: matchOf(1, 1), round: 1, final: false, length: 3 },
    });
    expect(told[0].language).toBe('ru');
    expect(told[0].title).toBe('Матч раунда 1 с соперником cat готов к игре');
  });

  it('calls the last round’s match the final', () => {
    const version = versionOf(log, (e) => e.type === 'match-created' && e.round === 2);
    const [first] = decided(facts(log, version - 1, version));
    expect(first.title).toBe('Your final against ben is ready');
    expect(first.data).toMatchObject({ final: true, length: 5 });
  });

  it('tells a player who won their match that they went through, and nobody when the final is won', () => {
    const version = versionOf(log, (e) => e.type === 'advanced' && e.round === 1 && e.slot === 0);
    const told = decided(facts(log, version - 1, version));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      userId: ann.id,
      type: 'tournament.advanced',
      title: 'You are through to the final',
      body: 'Autumn Cup: you won your round 1 match against dan.',
      data: { round: 2, from: 1, by: 'match', final: true, opponent: 'dan' },
    });
    const final = versionOf(log, (e) => e.type === 'advanced' && e.round === 2);
    expect(decided(facts(log, final - 1, final))).toEqual([]);
  });

  it('says that a bye took a player through', () => {
    // A field of 3: the top seed has a bye in round 1.
    const three: TournamentEvent[] = [
      { type: 'created', organiser: named(org), terms: terms({ lengths: [1] }) },
      entered(ann, 1800),
      entered(ben, 1700),
      entered(cat, 1600),
      { type: 'started', seeds: [ann.id, ben.id, cat.id] },
      { type: 'advanced', round: 1, slot: 0, player: ann.id, by: 'bye' },
    ];
    const told = decided(
      facts(
        three.map((event, i) => ({ version: i + 1, event })),
        5,
      ),
    );
    expect(told.map((n) => [n.userId, n.title, n.body, n.data.opponent])).toEqual([
      [ann.id, 'You are through to the final', 'Autumn Cup: a bye takes you through round 1.', null],
    ]);
  });

  it('tells every entrant of the end: the champion, and each their place', () => {
    const version = versionOf(log, (e) => e.type === 'finished');
    const told = decided(facts(log, version - 1));
    expect(told.map((n) => [n.userId, n.type, n.data.rank, n.data.won])).toEqual([
      [ann.id, 'tournament.finished', 1, true],
      [ben.id, 'tournament.finished', 2, false],
      [cat.id, 'tournament.finished', 3, false],
      [dan.id, 'tournament.finished', 3, false],
    ]);
    expect(told[0]).toMatchObject({ title: 'You won Autumn Cup', body: 'Your place: 1 of 4.' });
    expect(told[2]).toMatchObject({
      title: 'Autumn Cup is over: ann won',
      body: 'Your place: 3 of 4.',
      path: `/tournaments/${TOURNAMENT}`,
      data: { champion: 'ann', players: 4 },
    });
  });

  it('never tells a house bot', () => {
    const withBot = knockout([ann, ben, cat, bot]);
    const all = decided(facts(withBot, 0));
    expect(all.some((n) => n.userId === bot.id)).toBe(false);
    expect(all.filter((n) => n.type === 'tournament.finished')).toHaveLength(3);
  });

  it('decides only the events after the last decided version, and the same ids when decided again', () => {
    const all = decided(facts(log, 0));
    const later = decided(facts(log, 8));
    expect(later.map((n) => n.id)).toEqual(all.slice(-later.length).map((n) => n.id));
    expect(later.every((n) => n.type !== 'tournament.match-ready' || n.data.round === 2)).toBe(true);
    const again = decideTournamentNotifications(facts(log, 8), new Date('2026-11-29T00:00:00.000Z'));
    expect(again.map((d) => d.notification.id)).toEqual(later.map((n) => n.id));
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    expect(all.every((n) => n.kind === 'tournament' && n.tournamentId === TOURNAMENT)).toBe(true);
  });
});

describe('announcementWindow', () => {
  it('reaches ratings near the organiser’s without limits, and the limits’ range with them', () => {
    expect(announcementWindow({ minRating: null, maxRating: null }, 1600)).toEqual({
      low: 1600 - ANNOUNCEMENT_REACH,
      high: 1600 + ANNOUNCEMENT_REACH,
      centre: 1600,
    });
    expect(announcementWindow({ minRating: 1700, maxRating: 1900 }, 1600)).toEqual({
      low: 1700,
      high: 1900,
      centre: 1700,
    });
    expect(announcementWindow({ minRating: null, maxRating: 1500 }, 1600)).toEqual({
      low: null,
      high: 1500,
      centre: 1500,
    });
    expect(announcementWindow({ minRating: 1000, maxRating: null }, 1600)).toEqual({
      low: 1000,
      high: null,
      centre: 1600,
    });
  });
});

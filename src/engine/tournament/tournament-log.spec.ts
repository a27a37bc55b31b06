/**
 * A tournament as the fold of its log (apply-tournament.ts), what follows
 * from it (tournament-follow-ups.ts) and its standings (standings.ts).
 */
import { applyTournament, foldTournament, IllegalTournamentEventError, seedOrder } from './apply-tournament.js';
import { standings } from './standings.js';
import { dueForfeits, dueMatches } from './tournament-follow-ups.js';
import { TournamentRun, terms } from '../testing/tournament-run.js';
import { allSlots, slotPlayers, type Slot } from './tournament-state.js';
import type { TournamentEvent } from './tournament-events.js';

const AT = '2026-03-01T12:00:00.000Z';
const entry = (id: string, rating = 1500, bot = false, at = AT): TournamentEvent => ({
  type: 'entered',
  player: { id, username: id },
  rating,
  bot,
  at,
});

describe('entries', () => {
  it('refuses what the terms do not allow, and changes nothing', () => {
    const run = new TournamentRun(
      terms({
        maxPlayers: 3,
        minRating: 1400,
        maxRating: 1700,
        botsAllowed: false,
        entriesCloseAt: '2026-04-01T00:00:00.000Z',
      }),
    );
    run.enter('ann');
    const before = run.state;
    const reason = (event: TournamentEvent): string | null => {
      const result = applyTournament(run.state, event);
      return result.ok ? null : result.reason;
    };
    expect(reason(entry('ann'))).toBe('already-entered');
    expect(reason(entry('low', 1399))).toBe('rating-out-of-range');
    expect(reason(entry('high', 1701))).toBe('rating-out-of-range');
    expect(reason(entry('robot', 1500, true))).toBe('bots-not-allowed');
    expect(reason(entry('late', 1500, false, '2026-04-01T00:00:00.000Z'))).toBe('entries-closed');
    expect(reason({ type: 'withdrew', player: 'nobody' })).toBe('not-entered');
    expect(reason({ type: 'started', seeds: ['ann'] })).toBe('too-few-entrants');
    expect(run.state).toBe(before);
    run.enter('bob', 1400);
    run.enter('cat', 1700);
    expect(reason(entry('dan'))).toBe('tournament-full');
  });

  it('a withdrawal before the start takes the entry back; the player may enter again', () => {
    const run = new TournamentRun(terms());
    run.enter('ann');
    run.enter('bob');
    run.append({ type: 'withdrew', player: 'ann' });
    expect(run.state.entrants.map((e) => e.id)).toEqual(['bob']);
    run.enter('ann');
    expect(run.state.entrants.map((e) => e.id)).toEqual(['bob', 'ann']);
  });

  it('the organiser cancels before the start; a started tournament runs to its end', () => {
    const open = new TournamentRun(terms());
    open.append({ type: 'cancelled', reason: 'organiser' });
    expect(open.state.status).toBe('cancelled');
    const refusal = (event: TournamentEvent) => {
      const result = applyTournament(open.state, event);
      return result.ok ? null : result.reason;
    };
    // Whatever is asked of a cancelled tournament, the refusal says it was cancelled.
    expect(refusal(entry('ann'))).toBe('tournament-cancelled');
    expect(refusal({ type: 'withdrew', player: 'ann' })).toBe('tournament-cancelled');
    expect(refusal({ type: 'started', seeds: [] })).toBe('tournament-cancelled');
    expect(refusal({ type: 'cancelled', reason: 'organiser' })).toBe('tournament-cancelled');
    const started = new TournamentRun(terms());
    started.enter('ann');
    started.enter('bob');
    started.start();
    const refused = applyTournament(started.state, { type: 'cancelled', reason: 'organiser' });
    expect(refused.ok === false && refused.reason).toBe('tournament-started');
  });

  it('seeds by rating, equal ratings by entry; the seeds must name every entrant once', () => {
    const run = new TournamentRun(terms());
    run.enter('a', 1500);
    run.enter('b', 1600);
    run.enter('c', 1500);
    expect(seedOrder(run.state.entrants)).toEqual(['b', 'a', 'c']);
    expect(seedOrder(run.state.entrants, new Map([['c', 1700]]))).toEqual(['c', 'b', 'a']);
    const bad = applyTournament(run.state, { type: 'started', seeds: ['a', 'b', 'b'] });
    expect(bad.ok === false && bad.reason).toBe('bad-event');
  });
});

describe('a knock-out of 6', () => {
  function sixPlayers(): TournamentRun {
    const run = new TournamentRun(terms({ lengths: [3, 5, 7] }));
    ['f', 'e', 'd', 'c', 'b', 'a'].forEach((id, i) => run.enter(id, 1500 + i * 10)); // a is seed 1 … f seed 6
    run.start();
    return run;
  }

  it('gives byes to seeds 1 and 2 and creates the two first-round matches, 3 v 6 and 4 v 5', () => {
    const run = sixPlayers();
    const [first, second] = run.state.rounds;
    expect(first.slots.filter((s) => s.decided === 'bye').map((s) => s.winner)).toEqual(['a', 'b']);
    expect(run.running().map((s) => slotPlayers(s))).toEqual([
      ['d', 'e'],
      ['c', 'f'],
    ]);
    expect(second.slots.map((s) => s.sides.map((side) => side.kind))).toEqual([
      ['player', 'waiting'],
      ['player', 'waiting'],
    ]);
    expect(run.running().every((s) => run.state.rounds[s.round - 1].length === 3)).toBe(true);
  });

  it('creates a next-round match as soon as both its players are known, without waiting for the round', () => {
    const run = sixPlayers();
    const [de] = run.running();
    run.finish(de, 'e', [1, 3]);
    const semi = allSlots(run.state).find((s) => s.round === 2 && s.slot === 0) as Slot;
    expect(slotPlayers(semi)).toEqual(['a', 'e']);
    expect(semi.matchId).not.toBeNull();
    expect(run.running()).toHaveLength(2);
  });

  it('plays to one champion; the log replays to the same state; a stored follow-up twice is refused', () => {
    const run = sixPlayers();
    for (let running = run.running(); running.length > 0; running = run.running()) {
      const slot = running[0];
      const [white] = slotPlayers(slot);
      run.finish(slot, white as string, [5, 2]);
    }
    expect(run.state.status).toBe('finished');
    expect(run.state.champion).toBe('a');
    expect(foldTournament(run.events)).toEqual(run.state);
    const table = standings(run.state);
    expect(table.map((s) => [s.id, s.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 3],
      ['e', 5],
      ['f', 5],
    ]);
    const last = run.events[run.events.length - 1];
    expect(() => foldTournament([...run.events, last])).toThrow(IllegalTournamentEventError);
  });

  it('a player withdrawing mid-tournament forfeits the match under way; a withdrawn player waiting is walked over', () => {
    const run = sixPlayers();
    const [de, cf] = run.running();
    run.withdraw('e'); // e's first-round match against d is forfeited: d goes through and meets a.
    expect(allSlots(run.state).find((s) => s.matchId === de.matchId)?.winner).toBe('d');
    expect(run.running().map((s) => slotPlayers(s))).toEqual(
      expect.arrayContaining([
        ['c', 'f'],
        ['a', 'd'],
      ]),
    );
    // b waits for the winner of c v f; b withdraws while waiting, then c wins: c is walked over into the final.
    run.withdraw('b');
    expect(dueForfeits(run.state)).toEqual([]);
    run.finish(allSlots(run.state).find((s) => s.matchId === cf.matchId) as Slot, 'c', [3, 0]);
    const semi = allSlots(run.state).find((s) => s.round === 2 && s.slot === 1) as Slot;
    expect(semi.decided).toBe('walkover');
    expect(semi.winner).toBe('c');
    const final = allSlots(run.state).find((s) => s.round === 3) as Slot;
    expect(final.sides[1]).toEqual({ kind: 'player', id: 'c' });
    expect(standings(run.state).find((s) => s.id === 'e')?.withdrawn).toBe(true);
  });
});

describe('a round-robin', () => {
  /** A round-robin of `ids` (seeds in this order), every match decided by `results` ("winner>loser": [winner's, loser's points]). */
  function roundRobin(ids: string[], results: Record<string, readonly [number, number]>): TournamentRun {
    const run = new TournamentRun(terms({ format: 'round-robin', lengths: [3], maxPlayers: 16 }));
    ids.forEach((id, i) => run.enter(id, 2000 - i));
    run.start();
    expect(dueMatches(run.state)).toEqual([]);
    for (const [pair, points] of Object.entries(results)) {
      const [winner, loser] = pair.split('>');
      const slot = run.running().find((s) => {
        const players = slotPlayers(s);
        return players.includes(winner) && players.includes(loser);
      }) as Slot;
      run.finish(slot, winner, slotPlayers(slot)[0] === winner ? points : [points[1], points[0]]);
    }
    return run;
  }

  const order = (run: TournamentRun): [string, string | null][] => standings(run.state).map((s) => [s.id, s.tieBreak]);

  it('creates every match at the start, and finishes with the top of the standings as champion', () => {
    const run = roundRobin(['p1', 'p2', 'p3'], { 'p1>p2': [3, 0], 'p1>p3': [3, 1], 'p2>p3': [3, 2] });
    expect(run.state.status).toBe('finished');
    expect(run.state.champion).toBe('p1');
    expect(standings(run.state)[0]).toMatchObject({ played: 2, won: 2, lost: 0, pointsFor: 6, pointsAgainst: 1 });
  });

  it('level on matches won: head-to-head decides', () => {
    const run = roundRobin(['p1', 'p2', 'p3', 'p4'], {
      'p2>p1': [3, 0],
      'p1>p3': [3, 0],
      'p1>p4': [3, 0],
      'p2>p3': [3, 0],
      'p4>p2': [3, 0],
      'p3>p4': [3, 0],
    });
    expect(order(run)).toEqual([
      ['p2', 'head-to-head'],
      ['p1', null],
      ['p3', 'head-to-head'],
      ['p4', null],
    ]);
  });

  it('a circle of head-to-heads: points difference, and head-to-head again between the two still level', () => {
    const run = roundRobin(['p1', 'p2', 'p3'], { 'p1>p2': [3, 0], 'p2>p3': [3, 2], 'p3>p1': [3, 1] });
    expect(order(run)).toEqual([
      ['p3', 'head-to-head'],
      ['p1', 'points-difference'],
      ['p2', null],
    ]);
  });

  it('level on points difference too: points won', () => {
    const run = roundRobin(['p1', 'p2', 'p3'], { 'p1>p2': [3, 1], 'p2>p3': [4, 2], 'p3>p1': [3, 1] });
    expect(order(run)).toEqual([
      ['p2', 'head-to-head'],
      ['p3', 'points-won'],
      ['p1', null],
    ]);
  });

  it('level on everything: the seed', () => {
    const run = roundRobin(['p1', 'p2', 'p3'], { 'p1>p2': [3, 1], 'p2>p3': [3, 1], 'p3>p1': [3, 1] });
    expect(order(run)).toEqual([
      ['p1', 'seed'],
      ['p2', 'seed'],
      ['p3', null],
    ]);
    expect(standings(run.state).map((s) => s.rank)).toEqual([1, 2, 3]);
  });

  it('a withdrawal loses the unplayed matches; the played ones stand', () => {
    const run = roundRobin(['p1', 'p2', 'p3', 'p4'], { 'p4>p1': [3, 2] });
    run.withdraw('p4');
    const p4 = standings(run.state).find((s) => s.id === 'p4');
    expect(p4).toMatchObject({ played: 3, won: 1, lost: 2, withdrawn: true });
    expect(run.running().every((s) => !slotPlayers(s).includes('p4'))).toBe(true);
  });
});

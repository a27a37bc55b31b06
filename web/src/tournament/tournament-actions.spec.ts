import { aTournament, anEntrant } from './testing/tournament-fixture.js';
import { entryOf, tournamentActions } from './tournament-actions.js';

describe('the actions a tournament offers', () => {
  it('offers nothing signed out', () => {
    expect(tournamentActions(aTournament(), null)).toEqual([]);
  });

  it('offers Enter while entries are open to someone not entered, and Withdraw to an entrant', () => {
    const tournament = aTournament({ entrants: [anEntrant('ann')] });
    expect(tournamentActions(tournament, 'bob')).toEqual(['enter']);
    expect(tournamentActions(tournament, 'ANN')).toEqual(['withdraw']);
    expect(tournamentActions({ ...tournament, entriesOpen: false }, 'bob')).toEqual([]);
  });

  it('offers the organiser a house bot while bots may enter, Start and Cancel before the start', () => {
    const tournament = aTournament({ entrants: [anEntrant('olga')] });
    expect(tournamentActions(tournament, 'olga')).toEqual(['withdraw', 'add-bot', 'start', 'cancel']);
    expect(tournamentActions({ ...tournament, botsAllowed: false }, 'olga')).toEqual(['withdraw', 'start', 'cancel']);
    expect(tournamentActions({ ...tournament, entrants: [], entriesOpen: false }, 'olga')).toEqual(['start', 'cancel']);
  });

  it('after the start offers Withdraw to an entrant still in, and nothing else', () => {
    const running = aTournament({
      status: 'running',
      entriesOpen: false,
      entrants: [anEntrant('olga', 1), anEntrant('ann', 2, { withdrawn: true })],
    });
    expect(tournamentActions(running, 'olga')).toEqual(['withdraw']);
    expect(tournamentActions(running, 'ann')).toEqual([]);
    expect(tournamentActions({ ...running, status: 'finished' }, 'olga')).toEqual([]);
  });

  it('finds the entry by username regardless of case', () => {
    expect(entryOf(aTournament({ entrants: [anEntrant('Ann')] }), 'ann')?.username).toBe('Ann');
    expect(entryOf(aTournament(), 'ann')).toBeNull();
  });
});

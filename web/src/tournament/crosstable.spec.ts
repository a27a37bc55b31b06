import { crosstable } from './crosstable.js';
import { aPairing, aTournament, anEntrant } from './testing/tournament-fixture.js';

describe('a round-robin’s crosstable', () => {
  const tournament = aTournament({
    format: 'round-robin',
    status: 'running',
    entrants: [anEntrant('cleo', 3), anEntrant('ann', 1), anEntrant('bob', 2, { withdrawn: true })],
    rounds: [
      {
        number: 1,
        length: 3,
        matches: [aPairing(0, ['ann', 'cleo'], { matchId: 'm1', winner: 'cleo', points: [1, 3], decidedBy: 'match' })],
      },
      { number: 2, length: 3, matches: [aPairing(0, ['bob', 'ann'], { matchId: 'm2' })] },
      {
        number: 3,
        length: 3,
        matches: [aPairing(0, ['cleo', 'bob'], { winner: 'cleo', points: [3, 0], decidedBy: 'walkover' })],
      },
    ],
  });
  const rows = crosstable(tournament);

  it('sets the players out by seed, each row told from its player’s side', () => {
    expect(rows.map((row) => [row.username, row.seed, row.withdrawn])).toEqual([
      ['ann', 1, false],
      ['bob', 2, true],
      ['cleo', 3, false],
    ]);
    const [ann, bob, cleo] = rows;
    expect(ann.cells[0]).toBeNull();
    expect(ann.cells[2]).toEqual({ matchId: 'm1', won: false, points: [1, 3], decidedBy: 'match', round: 1 });
    expect(cleo.cells[0]).toEqual({ matchId: 'm1', won: true, points: [3, 1], decidedBy: 'match', round: 1 });
    expect(ann.cells[1]).toEqual({ matchId: 'm2', won: null, points: null, decidedBy: null, round: 2 });
    expect(bob.cells[2]).toMatchObject({ won: false, decidedBy: 'walkover', points: [0, 3] });
  });

  it('is empty before the start, when nobody has a seed', () => {
    expect(crosstable(aTournament({ entrants: [anEntrant('ann')] }))).toEqual([]);
  });
});

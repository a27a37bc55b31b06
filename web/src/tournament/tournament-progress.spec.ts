import { aPairing, aTournament } from './testing/tournament-fixture.js';
import { currentRound, matchesPlayed, matchUnderWay, roundOfMatch, roundsToFinal } from './tournament-progress.js';

describe('how far a tournament has gone', () => {
  const tournament = aTournament({
    status: 'running',
    rounds: [
      {
        number: 1,
        length: 3,
        matches: [
          aPairing(0, ['ann', null], { winner: 'ann', decidedBy: 'bye' }),
          aPairing(1, ['bob', 'cleo'], { matchId: 'm1', winner: 'bob', points: [3, 1], decidedBy: 'match' }),
        ],
      },
      { number: 2, length: 5, matches: [aPairing(0, ['ann', 'bob'], { matchId: 'm2' })] },
    ],
  });

  it('knows the round under way, and the matches played (byes are none)', () => {
    expect(currentRound(tournament)?.number).toBe(2);
    expect(matchesPlayed(tournament)).toEqual({ played: 1, total: 2 });
  });

  it('finds the round a match plays in, and its distance from the final', () => {
    expect(roundOfMatch(tournament, 'm1')?.number).toBe(1);
    expect(roundOfMatch(tournament, 'elsewhere')).toBeNull();
    expect(roundsToFinal(tournament, { number: 1 })).toBe(1);
  });

  it('finds the match a player has under way, regardless of case; none once decided, or for someone else', () => {
    expect(matchUnderWay(tournament, 'ANN')?.match.matchId).toBe('m2');
    expect(matchUnderWay(tournament, 'ANN')?.round.number).toBe(2);
    expect(matchUnderWay(tournament, 'cleo')).toBeNull();
    expect(matchUnderWay(tournament, null)).toBeNull();
  });
});

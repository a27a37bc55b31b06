/**
 * A finished match's result in a tournament's terms (tournament-result.ts):
 * the points of its final score, a match won other than on points counting
 * in full for its winner; and the ids of tournament matches, the same for a
 * slot every time.
 */
import { applyOrThrow, newMatch, recordsDue, type MatchState } from '../../engine/index.js';
import { tournamentMatchId, tournamentResult } from './tournament-result.js';

function started(length: number): MatchState {
  let state = newMatch({ variant: 'backgammon', length });
  state = applyOrThrow(state, { type: 'join', colour: 'white' });
  state = applyOrThrow(state, { type: 'join', colour: 'black' });
  return applyOrThrow(state, { type: 'opening-roll', white: 5, black: 2 });
}

describe('a tournament match’s result', () => {
  it('is none while the match goes on', () => {
    expect(tournamentResult(started(3))).toBeNull();
  });

  it('counts a match left (or timed out) in full for its winner', () => {
    const left = applyOrThrow(started(3), { type: 'leave', by: 'white' });
    expect(tournamentResult(left)).toEqual({ winner: 'black', points: { white: 0, black: 3 } });
  });

  it('keeps the points of a match won on points, a gammon past the length included', () => {
    let state = started(1);
    state = applyOrThrow(state, { type: 'resign', by: 'black', value: 2 });
    state = applyOrThrow(state, { type: 'resignation-accept', by: 'white' });
    // The records the server adds after the game's last event: the game's end, then the match's.
    for (const record of recordsDue(state)) state = applyOrThrow(state, record);
    expect(tournamentResult(state)).toEqual({ winner: 'white', points: { white: 2, black: 0 } });
  });
});

describe('a tournament match’s id', () => {
  it('is a UUID of the tournament, round and slot: the same every time, another for another slot', () => {
    const tournament = '6f0c3d0e-5b8a-4c1e-9f3e-2a4b6c8d0e1f';
    const id = tournamentMatchId(tournament, 2, 1);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(tournamentMatchId(tournament, 2, 1)).toBe(id);
    expect(new Set([id, tournamentMatchId(tournament, 1, 2), tournamentMatchId(tournament, 2, 0)]).size).toBe(3);
  });
});

import type { MatchEvent } from './events.js';
import { throwsIn } from './events.js';

describe('throwsIn: the throws of a log, as the fairness record lists them', () => {
  it('numbers every opening throw (a tie too) and every roll in order, and says where each stands in the log', () => {
    const log: MatchEvent[] = [
      { type: 'join', colour: 'white' },
      { type: 'opening-roll', white: 3, black: 3 },
      { type: 'opening-roll', white: 5, black: 2 },
      { type: 'play', by: 'white', moves: [] },
      { type: 'roll', by: 'black', dice: [6, 4] },
    ];
    expect(throwsIn(log)).toEqual([
      { index: 1, rollIndex: 0, dice: [3, 3] },
      { index: 2, rollIndex: 1, dice: [5, 2] },
      { index: 4, rollIndex: 2, dice: [6, 4] },
    ]);
  });

  it('finds none in a log without dice', () => {
    expect(throwsIn([{ type: 'join', colour: 'white' }])).toEqual([]);
  });
});

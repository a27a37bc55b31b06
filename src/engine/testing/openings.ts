import type { MatchEvent } from '../events.js';
import type { Die } from '../types.js';

/**
 * A known opening as the log has it: the opening throw (`white`, `black`; unequal) and its winner's
 * play, each move `[from, to]` in the winner's numbering. Test code only.
 */
export function openingPlayed(white: Die, black: Die, ...moves: Array<[number, number]>): MatchEvent[] {
  return [
    { type: 'opening-roll', white, black },
    { type: 'play', by: white > black ? 'white' : 'black', moves: moves.map(([from, to]) => ({ from, to })) },
  ];
}

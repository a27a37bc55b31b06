import type { MatchEvent } from '../events.js';
import type { Colour, Die } from '../types.js';

// Events written as a reader says them, for specs. Test code only.

/** `by`'s play of `moves`, each `[from, to]` in `by`'s numbering. */
export function playOf(by: Colour, ...moves: Array<[number, number]>): MatchEvent {
  return { type: 'play', by, moves: moves.map(([from, to]) => ({ from, to })) };
}

/** A known opening: the opening throw (`white`, `black`; unequal) and its winner's play of `moves`. */
export function openingPlayed(white: Die, black: Die, ...moves: Array<[number, number]>): MatchEvent[] {
  return [{ type: 'opening-roll', white, black }, playOf(white > black ? 'white' : 'black', ...moves)];
}

/**
 * Core value types of the rules engine. Pure TypeScript: nothing here (or
 * anywhere under src/engine) imports Nest, Prisma or does I/O.
 *
 * Numbering (docs/rules.md "Numbering"): each side counts points in its own
 * direction of travel, from 24 down to 1; 25 is the bar (backgammon), 0 is off.
 */

export const VARIANTS = ['backgammon', 'long-nardy'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The two colours of a match. White starts the first game's opening roll tie-break order only by convention. */
export const COLOURS = ['white', 'black'] as const;
export type Colour = (typeof COLOURS)[number];

/** The other colour. */
export function opponentOf(colour: Colour): Colour {
  return colour === 'white' ? 'black' : 'white';
}

export const CHECKERS_PER_SIDE = 15;
export const POINTS = 24;
/** `from` value of a move that enters from the bar. */
export const BAR = 25;
/** `to` value of a move that bears a checker off. */
export const OFF = 0;

export type Die = 1 | 2 | 3 | 4 | 5 | 6;
/** The two dice of a roll, in the order thrown. A double is played four times. */
export type Dice = readonly [Die, Die];

/**
 * One side's checkers in its own numbering: `points[i]` is the count on the
 * side's point i + 1. `off` = 15 - sum(points) - bar. `bar` is always 0 in long nardy.
 */
export interface SideBoard {
  readonly points: readonly number[];
  readonly bar: number;
  readonly off: number;
}

/**
 * A position (docs/architecture.md "Board JSON"): `player` is the side to move,
 * `opponent` the other, each in its own numbering. Immutable value.
 */
export interface Position {
  readonly player: SideBoard;
  readonly opponent: SideBoard;
}

/** A single checker step in the mover's numbering: from 25 = bar, to 0 = off. */
export interface Move {
  readonly from: number;
  readonly to: number;
}

/** A legal play: the moves in canonical order, its gnubg-style text, and the position it leads to (same orientation: `player` is still the side that moved). */
export interface Play {
  readonly moves: readonly Move[];
  readonly text: string;
  readonly position: Position;
}

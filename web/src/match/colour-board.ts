/**
 * Boards as the match page holds them (docs/architecture.md "Board JSON"): each colour's side in its own
 * numbering, `points[i]` the checkers on point i + 1. The API may leave `bar` and `off` out of a side; the
 * values here always have them. Legal plays give the board after a play as `player` (the side that moved)
 * and `opponent`; `colourBoardOf` names those sides by colour again.
 */
import {
  CHECKERS_PER_SIDE,
  positionAfterMoves,
  type Colour,
  type ColourBoard,
  type Move,
  type Position,
  type SideBoard,
  type Variant,
} from '../../../src/engine/index.js';

export type { ColourBoard, SideBoard };

/** One side as the API sends it: `bar` and `off` may be missing. */
export interface SideInput {
  readonly points: readonly number[];
  readonly bar?: number;
  readonly off?: number;
}

/** Both sides by colour, as the API sends them (a match's `game.board`, a play event's `board`). */
export interface ColourBoardInput {
  readonly white: SideInput;
  readonly black: SideInput;
}

/** Both sides as a legal play gives the board after it: `player` moved, `opponent` did not. */
export interface PlayerBoardInput {
  readonly player: SideInput;
  readonly opponent: SideInput;
}

/** A side with `bar` (0 when missing) and `off` (15 − checkers on the board − bar when missing). */
export function sideOf(input: SideInput): SideBoard {
  const bar = input.bar ?? 0;
  const onBoard = input.points.reduce((sum, n) => sum + n, 0);
  return { points: input.points.slice(), bar, off: input.off ?? CHECKERS_PER_SIDE - onBoard - bar };
}

/** Both sides completed (see `sideOf`). */
export function colourBoard(input: ColourBoardInput): ColourBoard {
  return { white: sideOf(input.white), black: sideOf(input.black) };
}

/** The board after a legal play, by colour: `player` is the colour that moved. */
export function colourBoardOf(position: PlayerBoardInput, player: Colour): ColourBoard {
  const moved = sideOf(position.player);
  const other = sideOf(position.opponent);
  return player === 'white' ? { white: moved, black: other } : { white: other, black: moved };
}

/** Same checkers on every point, on the bar and off. */
export function sidesEqual(a: SideInput, b: SideInput): boolean {
  const x = sideOf(a);
  const y = sideOf(b);
  return x.bar === y.bar && x.off === y.off && x.points.every((n, i) => n === y.points[i]);
}

/** Same checkers everywhere, for both colours. */
export function colourBoardsEqual(a: ColourBoardInput, b: ColourBoardInput): boolean {
  return sidesEqual(a.white, b.white) && sidesEqual(a.black, b.black);
}

/** A string that is equal for equal boards: for maps of positions. */
export function colourBoardKey(input: ColourBoardInput): string {
  const side = (s: SideInput): string => {
    const full = sideOf(s);
    return `${full.points.join(',')}|${full.bar}|${full.off}`;
  };
  return `${side(input.white)}/${side(input.black)}`;
}

/** The mover's view of a board: `player` to move, the other colour the opponent (the engine's Position). */
export function positionOf(board: ColourBoardInput, player: Colour): Position {
  return { player: sideOf(board[player]), opponent: sideOf(board[player === 'white' ? 'black' : 'white']) };
}

/**
 * The board after `player` makes `moves` as given (a play already judged: the engine's
 * positionAfterMoves moves the checkers, hitting in backgammon).
 * @throws the engine's InvalidInputError for a move from a place without a checker of the mover.
 */
export function boardAfterMoves(
  board: ColourBoardInput,
  variant: Variant,
  player: Colour,
  moves: readonly Move[],
): ColourBoard {
  return colourBoardOf(positionAfterMoves(variant, positionOf(board, player), moves), player);
}

/**
 * Checker steps on a board by colour: what the match page draws while a player builds a play checker by
 * checker, and how it animates the opponent's play one step at a time. A step is `{from, to}` in the
 * mover's numbering, 25 the bar and 0 off (docs/rules.md "Numbering"). In backgammon a step onto a point
 * holding exactly one opposing checker hits it: the checker goes to its owner's bar (docs/rules.md B3).
 * Long nardy has no hits and no bar (N2).
 *
 * This module moves checkers; it does not judge legality, which is the server's (the page offers only
 * the steps of the legal plays it was given). It refuses only what cannot happen on a board: a step from a
 * point without a checker of the mover, or outside the numbering.
 */
import {
  BAR,
  OFF,
  POINTS,
  opponentOf,
  opponentPoint,
  type Colour,
  type ColourBoard,
  type Move,
  type SideBoard,
  type Variant,
} from '../../../src/engine/index.js';
import { sideOf, type ColourBoardInput } from './colour-board.js';

/** A step that cannot be made on the board it was given. */
export class StepError extends Error {
  constructor(
    readonly step: Move,
    message: string,
  ) {
    super(message);
    this.name = 'StepError';
  }
}

interface MutableSide {
  points: number[];
  bar: number;
  off: number;
}

/**
 * The board after `player` makes `steps` in the order given. In backgammon a step landing on a lone
 * opposing checker sends it to the opponent's bar.
 * @throws StepError when a step starts where the player has no checker (or on the bar while it is empty),
 * or leaves the numbering (from 1-25, to 0-24, towards lower points).
 */
export function applySteps(
  board: ColourBoardInput,
  variant: Variant,
  player: Colour,
  steps: readonly Move[],
): ColourBoard {
  const mine = mutable(sideOf(board[player]));
  const theirs = mutable(sideOf(board[opponentOf(player)]));
  for (const step of steps) applyStep(mine, theirs, variant, player, step);
  const moved: SideBoard = mine;
  const other: SideBoard = theirs;
  return player === 'white' ? { white: moved, black: other } : { white: other, black: moved };
}

/** How many opposing checkers `steps` sent to the bar (0 in long nardy). */
export function hitsOf(board: ColourBoardInput, variant: Variant, player: Colour, steps: readonly Move[]): number {
  const opponent = opponentOf(player);
  return applySteps(board, variant, player, steps)[opponent].bar - sideOf(board[opponent]).bar;
}

function mutable(side: SideBoard): MutableSide {
  return { points: side.points.slice(), bar: side.bar, off: side.off };
}

function applyStep(mine: MutableSide, theirs: MutableSide, variant: Variant, player: Colour, step: Move): void {
  const { from, to } = step;
  const where = from === BAR ? 'on the bar' : `on point ${from}`;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || from > BAR || to < OFF || to >= from) {
    throw new StepError(
      step,
      `${from}/${to} is not a step towards home (from 1-24 or the bar, to a lower point or off)`,
    );
  }
  if (from === BAR ? mine.bar === 0 : mine.points[from - 1] === 0) {
    throw new StepError(step, `${player} has no checker ${where}`);
  }
  if (from === BAR) mine.bar--;
  else mine.points[from - 1]--;
  if (to === OFF) {
    mine.off++;
    return;
  }
  mine.points[to - 1]++;
  if (variant !== 'backgammon') return;
  const theirPoint = opponentPoint(variant, to);
  if (theirs.points[theirPoint - 1] === 1) {
    theirs.points[theirPoint - 1] = 0;
    theirs.bar++;
  }
}

/** Whether `point` (1-24) is open to `player` (docs/rules.md B3, N2): in backgammon fewer than two opposing checkers, in long nardy none. */
export function isOpen(board: ColourBoardInput, variant: Variant, player: Colour, point: number): boolean {
  if (point < 1 || point > POINTS) return point === OFF;
  const theirs = board[opponentOf(player)].points[opponentPoint(variant, point) - 1];
  return variant === 'backgammon' ? theirs < 2 : theirs === 0;
}

/**
 * Whether a step from `from` may be started now: the player has a checker there, and while checkers of
 * theirs are on the bar only from the bar (docs/rules.md B4).
 */
export function canStepFrom(board: ColourBoardInput, player: Colour, from: number): boolean {
  const side = board[player];
  const bar = side.bar ?? 0;
  if (from === BAR) return bar > 0;
  return bar === 0 && from >= 1 && from <= POINTS && side.points[from - 1] > 0;
}

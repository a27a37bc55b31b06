/**
 * The ways of making each legal play in single-die steps. The server lists one play per resulting
 * position (docs/rules.md C5) with one choice of steps: with 6-5, running a back checker is listed as
 * 24/18 18/13, never also as 24/19 19/13, though both lead to the same position. A player building the
 * play checker by checker may take either way, so the page needs every split of a listed play into steps
 * that leads to the same position.
 *
 * The splits are found by trying the dice step by step from the board (steps in descending order of their
 * points, which every split can be made in), onto open points only, entering from the bar first and
 * bearing off only with every checker home (docs/rules.md C2, C4, B3, B4, N2); a split counts when the
 * board it reaches is the position of a listed play with as many steps. This does not judge legality:
 * a split only ever leads to a position the server listed, and the play sent is the listed one.
 */
import { BAR, OFF, type Colour, type Move, type Variant } from '../../../src/engine/index.js';
import { applySteps, canStepFrom, isOpen } from './board-steps.js';
import {
  colourBoard,
  colourBoardKey,
  colourBoardOf,
  type ColourBoard,
  type ColourBoardInput,
  type PlayerBoardInput,
} from './colour-board.js';

/** What the page needs of a legal play (the API's PlayDto has it): its steps and the board after it. */
export interface LegalPlayShape {
  readonly moves: readonly Move[];
  readonly position: PlayerBoardInput;
}

/** One way of making `play`: its single-die steps (as a multiset; the order is free). */
export interface PlaySplit<P extends LegalPlayShape> {
  readonly play: P;
  readonly steps: readonly Move[];
}

/**
 * Every split of every play: each play's own moves first, then the other splits found with `dice` (none
 * without dice). `board` is the board before the play, `player` the colour to move.
 */
export function playSplits<P extends LegalPlayShape>(
  board: ColourBoardInput,
  variant: Variant,
  player: Colour,
  plays: readonly P[],
  dice: readonly number[] | null | undefined,
): PlaySplit<P>[] {
  const splits: PlaySplit<P>[] = [];
  const seen = new Set<string>();
  const add = (play: P, steps: readonly Move[]): void => {
    const key = `${plays.indexOf(play)}:${stepsKey(steps)}`;
    if (seen.has(key)) return;
    seen.add(key);
    splits.push({ play, steps });
  };
  for (const play of plays) add(play, play.moves);
  if (!dice || dice.length !== 2 || plays.length === 0) return splits;

  const byPosition = new Map<string, P[]>();
  let longest = 0;
  for (const play of plays) {
    const key = colourBoardKey(colourBoardOf(play.position, player));
    byPosition.set(key, [...(byPosition.get(key) ?? []), play]);
    longest = Math.max(longest, play.moves.length);
  }
  const pool = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

  const search = (now: ColourBoard, made: Move[], left: number[]): void => {
    for (const play of byPosition.get(colourBoardKey(now)) ?? []) {
      if (play.moves.length === made.length) add(play, made.slice());
    }
    if (made.length === longest) return;
    const last = made.length > 0 ? made[made.length - 1] : null;
    for (const die of new Set(left)) {
      for (let from = BAR; from >= 1; from--) {
        const to = stepWith(now, variant, player, from, die);
        if (to === null) continue;
        if (last !== null && (from > last.from || (from === last.from && to > last.to))) continue;
        const step = { from, to };
        const rest = left.slice();
        rest.splice(rest.indexOf(die), 1);
        made.push(step);
        search(applySteps(now, variant, player, [step]), made, rest);
        made.pop();
      }
    }
  };
  search(colourBoard(board), [], pool);
  return splits;
}

/** A key equal for equal multisets of steps. */
export function stepsKey(steps: readonly Move[]): string {
  return steps
    .map((s) => s.from * 26 + s.to)
    .sort((a, b) => b - a)
    .join(',');
}

/** Where a checker from `from` lands with `die`, or null when it cannot move there (see the module comment). */
function stepWith(board: ColourBoard, variant: Variant, player: Colour, from: number, die: number): number | null {
  if (!canStepFrom(board, player, from)) return null;
  const to = from - die;
  if (to >= 1) return isOpen(board, variant, player, to) ? to : null;
  const side = board[player];
  const home = side.bar === 0 && side.points.every((n, i) => i < 6 || n === 0);
  if (!home) return null;
  // Exactly off, or from the highest occupied point with a larger die (docs/rules.md C4).
  if (to < 0 && side.points.some((n, i) => i + 1 > from && n > 0)) return null;
  return OFF;
}

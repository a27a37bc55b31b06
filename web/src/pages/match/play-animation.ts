/** The frames of an opponent's play animated in: the board before it, then after each step. */
import type { Colour, Variant } from '../../api/client.js';
import { boardAfterMoves, colourBoard, type ColourBoard, type ColourBoardInput } from '../../match/colour-board.js';

export function playAnimationFrames(
  variant: Variant,
  before: ColourBoardInput,
  by: Colour,
  moves: readonly { readonly from: number; readonly to: number }[],
): ColourBoard[] {
  const frames = [colourBoard(before)];
  for (let i = 1; i <= moves.length; i++) frames.push(boardAfterMoves(before, variant, by, moves.slice(0, i)));
  return frames;
}

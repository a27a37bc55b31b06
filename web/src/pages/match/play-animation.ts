/** The frames of an opponent's play animated in: the board before it, then after each step. */
import type { Colour, Variant } from '../../api/client.js';
import { boardAfterMoves, colourBoard, type ColourBoard, type ColourBoardInput } from '../../match/colour-board.js';

/** A frame of an opponent's play being animated: the board it shows, and who plays. */
export interface AnimatedFrame {
  readonly board: ColourBoard;
  readonly by: Colour;
}

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

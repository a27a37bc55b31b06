/**
 * The colours of a board picture (docs/architecture.md, "Board pictures"):
 * the scene (board-scene.ts) paints with them, and the pixel tests look for
 * them in what a browser draws.
 */
import type { Colour } from '../engine/index.js';
import type { PointSlot } from './board-geometry.js';

export const BOARD_COLOURS = {
  background: '#ffffff',
  frame: '#6b4226',
  bar: '#5a361f',
  tray: '#3f2614',
  field: '#f3e7cc',
  /** The two point colours, alternating along each row. */
  points: ['#c0633a', '#4f7a6a'],
  numbers: '#5c5c5c',
  text: '#1f1f1f',
  muted: '#5c5c5c',
  cube: '#fdfcf7',
  cubeText: '#1f1f1f',
  /** The marks of the last play over the checkers. */
  lastPlay: '#e3a21a',
  /** The marks of a better play, beside the last one (an analysis's best). */
  bestPlay: '#1f6fb2',
} as const;

/** Fill, outline, inner ring and text colour of each colour's checkers and dice. */
export const CHECKER_COLOURS: Readonly<
  Record<Colour, { readonly fill: string; readonly stroke: string; readonly ring: string; readonly text: string }>
> = {
  white: { fill: '#fbf8ef', stroke: '#6f6a60', ring: '#d9d2c0', text: '#1f1f1f' },
  black: { fill: '#262626', stroke: '#000000', ring: '#555555', text: '#f7f7f7' },
};

/** The colour of the triangle at `slot`: alternating along a row, and different across the board. */
export function pointColour(slot: PointSlot): string {
  return BOARD_COLOURS.points[(slot.column + (slot.row === 'top' ? 0 : 1)) % 2];
}

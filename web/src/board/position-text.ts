/**
 * The position in words, for screen readers (the board's drawing says nothing to them): where each
 * side's checkers stand, every point in the viewer's numbering as the board labels it, with the bar
 * and the checkers borne off.
 */
import { viewerPoint, type BoardPicture } from '../../../src/board-drawing/index.js';
import { opponentOf as other, type Colour } from '../../../src/engine/index.js';

function sideText(picture: BoardPicture, colour: Colour, name: string): string {
  const side = picture.board[colour];
  const stands: { point: number; count: number }[] = [];
  side.points.forEach((count, i) => {
    if (count > 0) stands.push({ point: viewerPoint(picture.variant, picture.perspective, colour, i + 1), count });
  });
  stands.sort((a, b) => b.point - a.point);
  const points = stands.length === 0 ? 'none on the points' : stands.map((s) => `${s.count} on ${s.point}`).join(', ');
  const bar = side.bar > 0 ? `, ${side.bar} on the bar` : '';
  const off = side.off > 0 ? `, ${side.off} off` : '';
  return `${name}: ${points}${bar}${off}.`;
}

/** "White (you): 2 on 24, 5 on 13, 3 on 8, 5 on 6. Black: 2 on 1, …" in the viewer's numbering. */
export function positionText(picture: BoardPicture, you: Colour | null): string {
  const first = picture.perspective;
  const label = (c: Colour): string => `${c === 'white' ? 'White' : 'Black'}${c === you ? ' (you)' : ''}`;
  return `${sideText(picture, first, label(first))} ${sideText(picture, other(first), label(other(first)))} Points are numbered from ${label(first).toLowerCase().replace(' (you)', '')}'s side.`;
}

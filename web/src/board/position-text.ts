/**
 * The position in words, for screen readers (the board's drawing says nothing to them): where each
 * side's checkers stand, every point in the viewer's numbering as the board labels it, with the bar
 * and the checkers borne off.
 */
import { viewerPoint, type BoardPicture } from '../../../src/board-drawing/index.js';
import { opponentOf as other, type Colour } from '../../../src/engine/index.js';
import { t } from '../i18n/index.js';

function sideText(picture: BoardPicture, colour: Colour, you: Colour | null): string {
  const side = picture.board[colour];
  const stands: { point: number; count: number }[] = [];
  side.points.forEach((count, i) => {
    if (count > 0) stands.push({ point: viewerPoint(picture.variant, picture.perspective, colour, i + 1), count });
  });
  stands.sort((a, b) => b.point - a.point);
  const places =
    stands.length === 0
      ? [t('board.position.noneOnPoints')]
      : stands.map(({ point, count }) => t('board.position.onPoint', { count, point }));
  if (side.bar > 0) places.push(t('board.position.onBar', { count: side.bar }));
  if (side.off > 0) places.push(t('board.position.off', { count: side.off }));
  return t('board.position.side', { colour, you: colour === you ? 'yes' : 'no', places: places.join(', ') });
}

/** "White (you): 2 on 24, 5 on 13, 3 on 8, 5 on 6. Black: 2 on 1, …" in the viewer's numbering. */
export function positionText(picture: BoardPicture, you: Colour | null): string {
  const first = picture.perspective;
  return [
    sideText(picture, first, you),
    sideText(picture, other(first), you),
    t('board.position.numbering', { colour: first }),
  ].join(' ');
}

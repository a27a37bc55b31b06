/**
 * The board drawing (docs/architecture.md, "Board pictures"): pure TypeScript on the engine's face,
 * no Nest and no I/O. A BoardPicture says what a board shows (from a match or a position, from a
 * side); the scene lays it out as SVG nodes in one geometry; renderBoardSvg writes those nodes as a
 * document. The service's board.svg (src/pictures/) and the web client's board draw through this
 * face alone, so the page and the picture are one drawing; the page gives the drawing its words in
 * the reader's language (BoardWords), the service draws it in English.
 */
export { BOARD_COLOURS, CHECKER_COLOURS } from './board-colours.js';
export {
  barCheckerCentre,
  CHECKER_RADIUS,
  checkerCentre,
  MAX_STACK,
  placeArea,
  slotOfViewerPoint,
  viewerPoint,
  type Point2,
  type Rect,
} from './board-geometry.js';
export {
  matchPicture,
  POSITION_PERSPECTIVES,
  positionPicture,
  type BoardPicture,
  type PictureCube,
  type PictureDice,
  type PlayMarks,
  type PositionPerspective,
} from './board-picture.js';
export { boardScene, type BoardHit, type SvgNode } from './board-scene.js';
export { renderBoardSvg } from './board-svg.js';
export { ENGLISH_BOARD_WORDS, type BoardTitleFacts, type BoardWords } from './board-words.js';

/**
 * Where everything of a board picture goes (docs/architecture.md, "Board
 * pictures"): one fixed layout in SVG user units, shared by the drawing
 * (board-scene.ts), the web client's board that draws it and marks places on
 * it, and the tests that look at its pixels. Free of Node: the browser bundles it.
 *
 * The viewer sits at the bottom and the 24 points are numbered in the
 * viewer's numbering (docs/rules.md, "Numbering"), laid out as GNU
 * Backgammon draws the board for the player at the bottom: the viewer's home
 * (points 1-6) at the bottom right, point 1 in the right-hand corner, points
 * 7-12 on to the bottom left, 13-18 at the top left (13 in the corner) and
 * 19-24 at the top right (24 in the corner). The viewer's checkers thus travel
 * counter-clockwise, from the top right along the top, down the left and
 * along the bottom to the bottom right, and bear off to the right.
 *
 * The other side's points are placed by turning them into the viewer's
 * numbering (opponentPoint): in backgammon its q is the viewer's 25 - q, so
 * it travels clockwise and bears off at the top right; in long nardy its q is
 * the viewer's q ± 12, so it too travels counter-clockwise, from its head in
 * the bottom-left corner (the viewer's 12) to its home at the top left, and
 * bears off to the left.
 */
import { BAR, OFF, opponentPoint, POINTS, type Colour, type Variant } from '../engine/index.js';

/** A side of the picture: the viewer's checkers sit at the bottom, the other side's at the top. */
export type Seat = 'bottom' | 'top';
/** The outer columns beside the playing field: borne-off trays and the cube. */
export type SideColumn = 'left' | 'right';

export interface Point2 {
  readonly x: number;
  readonly y: number;
}

/** A point's place on the screen: its row and its column, 0 (leftmost) to 11 (rightmost), the bar not counted. */
export interface PointSlot {
  readonly row: Seat;
  readonly column: number;
}

/** Checkers drawn on a point or the bar before the last one shows the count. */
export const MAX_STACK = 5;
export const CHECKER_RADIUS = 17;
/** Distance between the centres of two stacked checkers. */
const STEP = 2 * CHECKER_RADIUS;
export const POINT_WIDTH = 40;
export const BAR_WIDTH = 48;
export const FRAME = 10;
export const SIDE_WIDTH = 48;
/** Length of a point's triangle: five checkers and a little. */
export const POINT_LENGTH = MAX_STACK * STEP + 10;
/** The gap between the two rows of points, where the dice lie. */
const MIDDLE_GAP = 56;
export const FIELD_HEIGHT = 2 * POINT_LENGTH + MIDDLE_GAP;
/** Bands above and below the board: a side's name, pips and score. */
export const INFO_HEIGHT = 34;
/** Bands between the info and the board: the point numbers. */
export const NUMBERS_HEIGHT = 22;
/** The last line: variant, match length, Crawford. */
export const FOOTER_HEIGHT = 24;
export const DIE_SIZE = 34;
export const CUBE_SIZE = 34;

export const HALF_WIDTH = 6 * POINT_WIDTH;
/** Left edge of the playing field (the left half's first point). */
export const FIELD_LEFT = 2 * FRAME + SIDE_WIDTH;
export const FIELD_RIGHT = FIELD_LEFT + 2 * HALF_WIDTH + BAR_WIDTH;
/** Top edge of the board's frame. */
export const BOARD_TOP = INFO_HEIGHT + NUMBERS_HEIGHT;
export const FIELD_TOP = BOARD_TOP + FRAME;
export const FIELD_BOTTOM = FIELD_TOP + FIELD_HEIGHT;
export const BOARD_BOTTOM = FIELD_BOTTOM + FRAME;
/** The horizontal line between the two rows. */
export const MIDDLE_Y = FIELD_TOP + FIELD_HEIGHT / 2;
export const BAR_X = FIELD_LEFT + HALF_WIDTH;

export const WIDTH = FIELD_RIGHT + 2 * FRAME + SIDE_WIDTH;
export const HEIGHT = BOARD_BOTTOM + NUMBERS_HEIGHT + INFO_HEIGHT + FOOTER_HEIGHT;

/** Borne-off checkers are drawn edge on, as slabs, in groups of five. */
export const SLAB_HEIGHT = 8;
const SLAB_STEP = SLAB_HEIGHT + 1;
const SLAB_GROUP_GAP = 3;
const TRAY_PADDING = 4;
/** A tray holds 15 slabs. */
export const TRAY_LENGTH = 2 * TRAY_PADDING + 15 * SLAB_STEP - 1 + 2 * SLAB_GROUP_GAP;
/** How far from the middle line an owned cube sits, towards its owner (clear of any tray). */
const OWNED_CUBE_OFFSET = CUBE_SIZE / 2 + 9;

/** The seat of `colour` when `perspective` is the viewer. */
export function seatOf(perspective: Colour, colour: Colour): Seat {
  return colour === perspective ? 'bottom' : 'top';
}

/** `colour`'s point `point` (1-24, in its own numbering) in the numbering of the viewer, `perspective`. */
export function viewerPoint(variant: Variant, perspective: Colour, colour: Colour, point: number): number {
  if (!Number.isInteger(point) || point < 1 || point > POINTS) throw new RangeError(`No point ${point}.`);
  return colour === perspective ? point : opponentPoint(variant, point);
}

/** Where the viewer's point 1-24 is drawn: 1-12 along the bottom from the right, 13-24 along the top from the left. */
export function slotOfViewerPoint(point: number): PointSlot {
  if (!Number.isInteger(point) || point < 1 || point > POINTS) throw new RangeError(`No point ${point}.`);
  return point <= 12 ? { row: 'bottom', column: 12 - point } : { row: 'top', column: point - 13 };
}

/** Where `colour`'s point `point` is drawn for the viewer `perspective`. */
export function pointSlot(variant: Variant, perspective: Colour, colour: Colour, point: number): PointSlot {
  return slotOfViewerPoint(viewerPoint(variant, perspective, colour, point));
}

/** Left edge of a column of points (the bar sits between columns 5 and 6). */
export function columnLeft(column: number): number {
  return FIELD_LEFT + column * POINT_WIDTH + (column >= 6 ? BAR_WIDTH : 0);
}

/** Centre of the `index`th checker (0: the one at the board's edge) stacked on the point at `slot`. */
export function checkerCentre(slot: PointSlot, index: number): Point2 {
  const x = columnLeft(slot.column) + POINT_WIDTH / 2;
  const fromEdge = 1 + CHECKER_RADIUS + index * STEP;
  return { x, y: slot.row === 'top' ? FIELD_TOP + fromEdge : FIELD_BOTTOM - fromEdge };
}

/** Centre of the `index`th checker on the bar of the side at `seat`: stacked from the middle towards that side. */
export function barCheckerCentre(seat: Seat, index: number): Point2 {
  const fromMiddle = 4 + CHECKER_RADIUS + index * STEP;
  return { x: BAR_X + BAR_WIDTH / 2, y: seat === 'bottom' ? MIDDLE_Y + fromMiddle : MIDDLE_Y - fromMiddle };
}

/** Where a side bears off: past its point 1. */
export interface TrayPlace {
  readonly column: SideColumn;
  readonly seat: Seat;
}

/** The viewer's tray: the bottom right, in both variants. */
export const VIEWER_TRAY: TrayPlace = { column: 'right', seat: 'bottom' };

/**
 * The tray of the side at `seat`: next to the corner where it bears off. The
 * viewer bears off past its point 1, the bottom right. The other side bears
 * off past its own point 1: the viewer's 24 in backgammon (top right), the
 * viewer's 13 in long nardy (top left).
 */
export function trayPlace(variant: Variant, seat: Seat): TrayPlace {
  if (seat === 'bottom') return VIEWER_TRAY;
  return { column: variant === 'backgammon' ? 'right' : 'left', seat };
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function sideColumnLeft(column: SideColumn): number {
  return column === 'left' ? FRAME : FIELD_RIGHT + FRAME;
}

/** The tray's rectangle, along the board's outer edge of its seat. */
export function trayRect(place: TrayPlace): Rect {
  const x = sideColumnLeft(place.column) + 4;
  const y = place.seat === 'top' ? FIELD_TOP : FIELD_BOTTOM - TRAY_LENGTH;
  return { x, y, width: SIDE_WIDTH - 8, height: TRAY_LENGTH };
}

/** The `index`th borne-off checker (0: the one at the board's edge), a slab across the tray. */
export function slabRect(place: TrayPlace, index: number): Rect {
  const tray = trayRect(place);
  const fromEdge = TRAY_PADDING + index * SLAB_STEP + Math.floor(index / 5) * SLAB_GROUP_GAP;
  const y = place.seat === 'top' ? tray.y + fromEdge : tray.y + tray.height - fromEdge - SLAB_HEIGHT;
  return { x: tray.x + 3, y, width: tray.width - 6, height: SLAB_HEIGHT };
}

/**
 * The area of one of the viewer's places (its own numbering, as a move names
 * them): a point 1-24 is its column from the board's edge to the middle line,
 * 25 the viewer's half of the bar, 0 the viewer's tray. A client marks and
 * picks places there.
 */
export function placeArea(point: number): Rect {
  const half = FIELD_HEIGHT / 2;
  if (point === BAR) return { x: BAR_X, y: MIDDLE_Y, width: BAR_WIDTH, height: half };
  if (point === OFF) return trayRect(VIEWER_TRAY);
  const slot = slotOfViewerPoint(point);
  return { x: columnLeft(slot.column), y: slot.row === 'top' ? FIELD_TOP : MIDDLE_Y, width: POINT_WIDTH, height: half };
}

/**
 * The cube's centre, in the left column (where no tray of the viewer is): on
 * the middle line when centred, else moved into the owner's half, clear of
 * the long-nardy tray at the top left.
 */
export function cubeCentre(owner: Seat | null): Point2 {
  const x = sideColumnLeft('left') + SIDE_WIDTH / 2;
  const offset = owner === null ? 0 : owner === 'bottom' ? OWNED_CUBE_OFFSET : -OWNED_CUBE_OFFSET;
  return { x, y: MIDDLE_Y + offset };
}

/**
 * The middle of the half of the board where the side at `seat` throws its
 * dice (and offers the cube): the right half for the viewer, the left half for
 * the other side, as gnubg draws them.
 */
export function throwCentre(seat: Seat): Point2 {
  const left = seat === 'bottom' ? BAR_X + BAR_WIDTH : FIELD_LEFT;
  return { x: left + HALF_WIDTH / 2, y: MIDDLE_Y };
}

/** Centres of the two dice thrown by the side at `seat`, side by side. */
export function diceCentres(seat: Seat): readonly [Point2, Point2] {
  const { x, y } = throwCentre(seat);
  const half = DIE_SIZE / 2 + 5;
  return [
    { x: x - half, y },
    { x: x + half, y },
  ];
}

/** Baseline of the point numbers above the top row and below the bottom row. */
export function numberBaseline(row: Seat): number {
  return row === 'top' ? BOARD_TOP - 7 : BOARD_BOTTOM + 16;
}

/** Top edge of the info band of the side at `seat`. */
export function infoTop(seat: Seat): number {
  return seat === 'top' ? 0 : BOARD_BOTTOM + NUMBERS_HEIGHT;
}

export const FOOTER_TOP = HEIGHT - FOOTER_HEIGHT;

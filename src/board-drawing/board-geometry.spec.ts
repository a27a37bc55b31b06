import { COLOURS, opponentOf, POINTS, VARIANTS, type Colour, type Variant } from '../engine/index.js';
import {
  BAR_WIDTH,
  BAR_X,
  barCheckerCentre,
  CHECKER_RADIUS,
  checkerCentre,
  columnLeft,
  CUBE_SIZE,
  cubeCentre,
  diceCentres,
  DIE_SIZE,
  FIELD_BOTTOM,
  FIELD_LEFT,
  FIELD_RIGHT,
  FIELD_TOP,
  HEIGHT,
  MAX_STACK,
  MIDDLE_Y,
  placeArea,
  POINT_LENGTH,
  POINT_WIDTH,
  pointSlot,
  seatOf,
  slabRect,
  slotOfViewerPoint,
  trayPlace,
  trayRect,
  VIEWER_TRAY,
  WIDTH,
  type PointSlot,
  type Rect,
} from './board-geometry.js';

/**
 * The layout is reasoned from docs/rules.md, "Numbering": each side numbers
 * the points in its own direction of travel, from 24 (farthest from home) to
 * 1 (the last point before bearing off). The viewer sits at the bottom with
 * its home at the bottom right, as GNU Backgammon draws the board for the
 * player at the bottom: its point 1 in the bottom-right corner, 12 in the
 * bottom-left, 13 in the top-left and 24 in the top-right.
 *
 * - Backgammon: "the sides travel in opposite directions. My point q is the
 *   opponent's point 25 - q." So the other side's 24 is the viewer's 1 (bottom
 *   right) and its 1 the viewer's 24 (top right): it bears off at the top right.
 * - Long nardy: both travel counter-clockwise from their heads, which are in
 *   opposite corners; "my point q is the opponent's point q + 12 when q ≤ 12,
 *   and q - 12 otherwise. My head is my 24; the opponent's head is my 12." So
 *   the other side's head is the viewer's 12 (bottom left), its home (its 1-6)
 *   the viewer's 13-18 (top left), and it bears off at the top left.
 */

const other = opponentOf;
const slot = (row: PointSlot['row'], column: number): PointSlot => ({ row, column });

/** The slots a colour's checkers pass on their way home, from its 24 to its 1. */
function path(variant: Variant, perspective: Colour, colour: Colour): PointSlot[] {
  return Array.from({ length: POINTS }, (_, i) => pointSlot(variant, perspective, colour, POINTS - i));
}

/**
 * +1 when a path goes round counter-clockwise as the screen shows it (leftwards
 * along the top, rightwards along the bottom), -1 when clockwise; throws when
 * it jumps anywhere but to the next point.
 */
function turning(route: readonly PointSlot[]): number {
  let sense = 0;
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [route[i - 1], route[i]];
    let step: number;
    if (a.row === b.row) {
      if (Math.abs(a.column - b.column) !== 1)
        throw new Error(`jump from ${JSON.stringify(a)} to ${JSON.stringify(b)}`);
      const leftwards = b.column < a.column;
      step = (a.row === 'top') === leftwards ? 1 : -1;
    } else {
      // Changing rows happens only at an end of the board, down the left edge or up the right one.
      if (a.column !== b.column || (a.column !== 0 && a.column !== 11)) {
        throw new Error(`row change from ${JSON.stringify(a)} to ${JSON.stringify(b)}`);
      }
      const down = b.row === 'bottom';
      step = down === (a.column === 0) ? 1 : -1;
    }
    if (sense !== 0 && step !== sense) throw new Error(`turns back at ${JSON.stringify(b)}`);
    sense = step;
  }
  return sense;
}

describe('the viewer’s numbering (docs/rules.md, Numbering), the same for both variants and colours', () => {
  it.each([
    [1, slot('bottom', 11)],
    [6, slot('bottom', 6)],
    [7, slot('bottom', 5)],
    [12, slot('bottom', 0)],
    [13, slot('top', 0)],
    [18, slot('top', 5)],
    [19, slot('top', 6)],
    [24, slot('top', 11)],
  ])('the viewer’s point %i is at %j: home (1-6) bottom right, 24 top right', (point, expected) => {
    expect(slotOfViewerPoint(point)).toEqual(expected);
    for (const variant of VARIANTS) {
      for (const colour of COLOURS) expect(pointSlot(variant, colour, colour, point)).toEqual(expected);
    }
  });

  it('puts the 24 points on the 24 places of the board, one each', () => {
    const places = new Set(Array.from({ length: POINTS }, (_, i) => JSON.stringify(slotOfViewerPoint(i + 1))));
    expect(places.size).toBe(POINTS);
  });

  it('refuses what is not a point', () => {
    expect(() => slotOfViewerPoint(0)).toThrow(RangeError);
    expect(() => slotOfViewerPoint(25)).toThrow(RangeError);
    expect(() => pointSlot('backgammon', 'white', 'black', 25)).toThrow(RangeError);
  });

  it.each(VARIANTS)('%s: the viewer travels counter-clockwise, from the top-right corner to the bottom-right', (v) => {
    for (const viewer of COLOURS) {
      const route = path(v, viewer, viewer);
      expect(turning(route)).toBe(1);
      expect(route[0]).toEqual(slot('top', 11));
      expect(route[23]).toEqual(slot('bottom', 11));
    }
  });
});

describe('backgammon: the other side travels the other way (my q is its 25 - q)', () => {
  it.each(COLOURS)('seen by %s, the other side’s point q is drawn on the viewer’s 25 - q', (viewer) => {
    for (let q = 1; q <= POINTS; q++) {
      expect(pointSlot('backgammon', viewer, other(viewer), q)).toEqual(slotOfViewerPoint(25 - q));
    }
  });

  it.each(COLOURS)('seen by %s, the other side goes clockwise from the bottom right to the top right', (viewer) => {
    const route = path('backgammon', viewer, other(viewer));
    expect(turning(route)).toBe(-1);
    // Its 24 (two checkers at the start) is the viewer's 1; its 6 (five checkers) the viewer's 19.
    expect(route[0]).toEqual(slot('bottom', 11));
    expect(pointSlot('backgammon', viewer, other(viewer), 6)).toEqual(slot('top', 6));
    expect(pointSlot('backgammon', viewer, other(viewer), 13)).toEqual(slot('bottom', 0));
    expect(route[23]).toEqual(slot('top', 11));
  });

  it('turning the board round swaps the two sides’ places: white’s 6 is bottom right for white, top right for black', () => {
    expect(pointSlot('backgammon', 'white', 'white', 6)).toEqual(slot('bottom', 6));
    expect(pointSlot('backgammon', 'black', 'white', 6)).toEqual(slot('top', 6));
    expect(pointSlot('backgammon', 'white', 'black', 24)).toEqual(slot('bottom', 11));
    expect(pointSlot('backgammon', 'black', 'black', 24)).toEqual(slot('top', 11));
  });
});

describe('long nardy: both travel counter-clockwise from opposite corners (my q is its q ± 12)', () => {
  it.each(COLOURS)('seen by %s, the other side’s point q is drawn on the viewer’s q ± 12', (viewer) => {
    for (let q = 1; q <= POINTS; q++) {
      const mine = q <= 12 ? q + 12 : q - 12;
      expect(pointSlot('long-nardy', viewer, other(viewer), q)).toEqual(slotOfViewerPoint(mine));
    }
  });

  it.each(COLOURS)('seen by %s, the heads are in opposite corners and both sides go counter-clockwise', (viewer) => {
    const mine = path('long-nardy', viewer, viewer);
    const theirs = path('long-nardy', viewer, other(viewer));
    expect(turning(mine)).toBe(1);
    expect(turning(theirs)).toBe(1);
    // The heads (each side's 24): the viewer's in the top-right corner, the other's (the viewer's 12) bottom left.
    expect(mine[0]).toEqual(slot('top', 11));
    expect(theirs[0]).toEqual(slot('bottom', 0));
    // The other side's home (its 1-6) is the viewer's 13-18, the top left; its 1 is in the corner.
    expect(theirs.slice(18)).toEqual([5, 4, 3, 2, 1, 0].map((c) => slot('top', c)));
  });
});

describe('the trays: each side bears off beside the corner of its point 1', () => {
  it.each(VARIANTS)('%s: the tray is in the side column next to the column of the side’s point 1', (variant) => {
    for (const viewer of COLOURS) {
      for (const colour of COLOURS) {
        const seat = seatOf(viewer, colour);
        const one = pointSlot(variant, viewer, colour, 1);
        const place = trayPlace(variant, seat);
        expect(one.row).toBe(seat);
        expect(place).toEqual({ column: one.column === 0 ? 'left' : 'right', seat });
      }
    }
  });

  it('backgammon: both trays on the right; long nardy: the viewer’s bottom right, the other side’s top left', () => {
    expect(trayPlace('backgammon', 'bottom')).toEqual({ column: 'right', seat: 'bottom' });
    expect(trayPlace('backgammon', 'top')).toEqual({ column: 'right', seat: 'top' });
    expect(trayPlace('long-nardy', 'bottom')).toEqual({ column: 'right', seat: 'bottom' });
    expect(trayPlace('long-nardy', 'top')).toEqual({ column: 'left', seat: 'top' });
  });

  it('holds 15 slabs inside the tray, from the board’s edge', () => {
    for (const seat of ['top', 'bottom'] as const) {
      const place = trayPlace('long-nardy', seat);
      const tray = trayRect(place);
      const slabs = Array.from({ length: 15 }, (_, i) => slabRect(place, i));
      for (const s of slabs) {
        expect(s.y).toBeGreaterThanOrEqual(tray.y);
        expect(s.y + s.height).toBeLessThanOrEqual(tray.y + tray.height);
      }
      const edge = seat === 'top' ? FIELD_TOP : FIELD_BOTTOM;
      const distance = (i: number) => Math.abs(slabs[i].y + slabs[i].height / 2 - edge);
      expect(distance(0)).toBeLessThan(distance(14));
    }
  });
});

describe('the cube and the dice', () => {
  it('centres an unowned cube on the middle line and moves an owned one into its owner’s half', () => {
    expect(cubeCentre(null).y).toBe(MIDDLE_Y);
    expect(cubeCentre('bottom').y - CUBE_SIZE / 2).toBeGreaterThan(MIDDLE_Y);
    expect(cubeCentre('top').y + CUBE_SIZE / 2).toBeLessThan(MIDDLE_Y);
    expect(cubeCentre('top').x).toBe(cubeCentre('bottom').x);
  });

  it('keeps the owned cube clear of the long-nardy tray in the same column', () => {
    const tray = trayRect(trayPlace('long-nardy', 'top'));
    expect(cubeCentre('top').y - CUBE_SIZE / 2).toBeGreaterThan(tray.y + tray.height);
    expect(cubeCentre('top').x).toBeGreaterThan(tray.x);
    expect(cubeCentre('top').x).toBeLessThan(tray.x + tray.width);
  });

  it('throws the viewer’s dice in the right half and the other side’s in the left, between the rows', () => {
    for (const [seat, within] of [
      ['bottom', [BAR_X + BAR_WIDTH, FIELD_RIGHT]],
      ['top', [FIELD_LEFT, BAR_X]],
    ] as const) {
      for (const { x, y } of diceCentres(seat)) {
        expect(x - DIE_SIZE / 2).toBeGreaterThan(within[0]);
        expect(x + DIE_SIZE / 2).toBeLessThan(within[1]);
        expect(y - DIE_SIZE / 2).toBeGreaterThan(FIELD_TOP + POINT_LENGTH);
        expect(y + DIE_SIZE / 2).toBeLessThan(FIELD_BOTTOM - POINT_LENGTH);
      }
    }
  });
});

describe('the checkers', () => {
  it('stack from the board’s edge towards the middle, within the point, clear of the dice', () => {
    for (let point = 1; point <= POINTS; point++) {
      const s = slotOfViewerPoint(point);
      const centres = Array.from({ length: MAX_STACK }, (_, i) => checkerCentre(s, i));
      for (const { x, y } of centres) {
        expect(x).toBe(columnLeft(s.column) + POINT_WIDTH / 2);
        expect(y - CHECKER_RADIUS).toBeGreaterThanOrEqual(FIELD_TOP);
        expect(y + CHECKER_RADIUS).toBeLessThanOrEqual(FIELD_BOTTOM);
        expect(Math.abs(y - MIDDLE_Y)).toBeGreaterThan(DIE_SIZE / 2 + CHECKER_RADIUS);
      }
      const fromMiddle = centres.map(({ y }) => Math.abs(y - MIDDLE_Y));
      expect(fromMiddle).toEqual([...fromMiddle].sort((a, b) => b - a));
    }
  });

  it('puts each side’s bar checkers on the bar, in its own half, from the middle outwards', () => {
    for (let i = 0; i < MAX_STACK; i++) {
      const low = barCheckerCentre('bottom', i);
      const high = barCheckerCentre('top', i);
      expect(low.x).toBe(BAR_X + BAR_WIDTH / 2);
      expect(low.y - CHECKER_RADIUS).toBeGreaterThan(MIDDLE_Y);
      expect(low.y + CHECKER_RADIUS).toBeLessThanOrEqual(FIELD_BOTTOM);
      expect(high.y + CHECKER_RADIUS).toBeLessThan(MIDDLE_Y);
      expect(high.y - CHECKER_RADIUS).toBeGreaterThanOrEqual(FIELD_TOP);
    }
  });

  it('fits the whole board in the picture', () => {
    expect(FIELD_RIGHT).toBeLessThan(WIDTH);
    expect(FIELD_BOTTOM).toBeLessThan(HEIGHT);
    expect(columnLeft(11) + POINT_WIDTH).toBe(FIELD_RIGHT);
    expect(columnLeft(6)).toBe(BAR_X + BAR_WIDTH);
  });
  it('gives each of the viewer’s places an area holding what is drawn there, the areas apart', () => {
    const inside = (area: Rect, { x, y }: { x: number; y: number }) =>
      x - CHECKER_RADIUS >= area.x &&
      x + CHECKER_RADIUS <= area.x + area.width &&
      y - CHECKER_RADIUS >= area.y &&
      y + CHECKER_RADIUS <= area.y + area.height;
    for (let point = 1; point <= POINTS; point++) {
      for (let i = 0; i < MAX_STACK; i++)
        expect(inside(placeArea(point), checkerCentre(slotOfViewerPoint(point), i))).toBe(true);
    }
    for (let i = 0; i < MAX_STACK; i++) expect(inside(placeArea(25), barCheckerCentre('bottom', i))).toBe(true);
    expect(inside(placeArea(25), barCheckerCentre('top', 0))).toBe(false);
    expect(placeArea(0)).toEqual(trayRect(VIEWER_TRAY));
    for (const variant of VARIANTS) expect(trayPlace(variant, 'bottom')).toEqual(VIEWER_TRAY);
    const areas = Array.from({ length: 26 }, (_, place) => placeArea(place));
    const overlap = (a: Rect, b: Rect) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (let a = 0; a < areas.length; a++)
      for (let b = a + 1; b < areas.length; b++) expect([a, b, overlap(areas[a], areas[b])]).toEqual([a, b, false]);
  });
});

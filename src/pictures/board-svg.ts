/**
 * Draws a BoardPicture as a standalone SVG 1.1 document (docs/architecture.md,
 * "Board pictures"). Pure and deterministic: the same picture gives the same
 * bytes. Made to be embedded anywhere, an e-mail included: explicit size and
 * viewBox, plain fills (no gradients, filters, images, scripts or web fonts),
 * a system font stack, and every text escaped.
 *
 * Where things go is board-geometry.ts's business; this file only paints.
 */
import { CHECKERS_PER_SIDE, opponentOf, POINTS, type Colour, type Die } from '../engine/index.js';
import type { BoardPicture } from './board-picture.js';
import {
  BAR_WIDTH,
  BAR_X,
  barCheckerCentre,
  BOARD_BOTTOM,
  BOARD_TOP,
  CHECKER_RADIUS,
  checkerCentre,
  columnLeft,
  CUBE_SIZE,
  cubeCentre,
  diceCentres,
  DIE_SIZE,
  FIELD_HEIGHT,
  FIELD_LEFT,
  FIELD_TOP,
  FOOTER_HEIGHT,
  FOOTER_TOP,
  HALF_WIDTH,
  HEIGHT,
  INFO_HEIGHT,
  infoTop,
  MAX_STACK,
  numberBaseline,
  POINT_LENGTH,
  POINT_WIDTH,
  pointSlot,
  seatOf,
  slabRect,
  slotOfViewerPoint,
  throwCentre,
  trayPlace,
  trayRect,
  WIDTH,
  type Point2,
  type PointSlot,
  type Seat,
} from './board-geometry.js';

/** The colours of the picture; the pixel tests look for them. */
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
} as const;

/** Fill, outline, inner ring and text colour of each colour's checkers and dice. */
export const CHECKER_COLOURS: Readonly<
  Record<Colour, { readonly fill: string; readonly stroke: string; readonly ring: string; readonly text: string }>
> = {
  white: { fill: '#fbf8ef', stroke: '#6f6a60', ring: '#d9d2c0', text: '#1f1f1f' },
  black: { fill: '#262626', stroke: '#000000', ring: '#555555', text: '#f7f7f7' },
};

const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
/** Longest name drawn, in characters; longer ones are cut with an ellipsis. */
const MAX_NAME_LENGTH = 24;

/** The picture as an SVG document (UTF-8 text, with its XML declaration). */
export function renderBoardSvg(picture: BoardPicture): string {
  const parts = [
    rect({ x: 0, y: 0, width: WIDTH, height: HEIGHT }, BOARD_COLOURS.background),
    drawBoard(),
    drawPoints(),
    drawPointNumbers(),
    drawTrays(picture),
    drawCheckers(picture),
    drawBar(picture),
    drawCube(picture),
    drawDice(picture),
    drawInfo(picture, 'top'),
    drawInfo(picture, 'bottom'),
    drawFooter(picture),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${WIDTH}" height="${HEIGHT}" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT_FAMILY}">` +
    element('title', {}, escapeText(titleOf(picture))) +
    parts.join('') +
    '</svg>\n'
  );
}

// ---- The board: frame, halves, bar, points, numbers ------------------------------------------------

function drawBoard(): string {
  const frame = rect({ x: 0, y: BOARD_TOP, width: WIDTH, height: BOARD_BOTTOM - BOARD_TOP }, BOARD_COLOURS.frame);
  const halves = [FIELD_LEFT, BAR_X + BAR_WIDTH]
    .map((x) => rect({ x, y: FIELD_TOP, width: HALF_WIDTH, height: FIELD_HEIGHT }, BOARD_COLOURS.field))
    .join('');
  const bar = rect({ x: BAR_X, y: FIELD_TOP, width: BAR_WIDTH, height: FIELD_HEIGHT }, BOARD_COLOURS.bar);
  return frame + halves + bar;
}

/** The 24 triangles, from the board's edge towards the middle, in two alternating colours. */
function drawPoints(): string {
  const triangles: string[] = [];
  for (let point = 1; point <= POINTS; point++) {
    const slot = slotOfViewerPoint(point);
    const left = columnLeft(slot.column);
    const base = slot.row === 'top' ? FIELD_TOP : FIELD_TOP + FIELD_HEIGHT;
    const tip = slot.row === 'top' ? base + POINT_LENGTH : base - POINT_LENGTH;
    const colour = pointColour(slot);
    const corners = [
      [left, base],
      [left + POINT_WIDTH, base],
      [left + POINT_WIDTH / 2, tip],
    ];
    triangles.push(
      element('polygon', { points: corners.map(([x, y]) => `${num(x)},${num(y)}`).join(' '), fill: colour }),
    );
  }
  return triangles.join('');
}

/** The colour of the triangle at `slot`: alternating along a row, and different across the board. */
export function pointColour(slot: PointSlot): string {
  return BOARD_COLOURS.points[(slot.column + (slot.row === 'top' ? 0 : 1)) % 2];
}

/** The viewer's numbering, 13-24 above the top row and 12-1 below the bottom one. */
function drawPointNumbers(): string {
  const labels: string[] = [];
  for (let point = 1; point <= POINTS; point++) {
    const slot = slotOfViewerPoint(point);
    labels.push(
      text(String(point), {
        x: columnLeft(slot.column) + POINT_WIDTH / 2,
        y: numberBaseline(slot.row),
        size: 12,
        fill: BOARD_COLOURS.numbers,
        anchor: 'middle',
      }),
    );
  }
  return labels.join('');
}

// ---- Checkers --------------------------------------------------------------------------------------

function drawCheckers(picture: BoardPicture): string {
  const out: string[] = [];
  for (const colour of ['white', 'black'] as const) {
    const side = picture.board[colour];
    for (let point = 1; point <= POINTS; point++) {
      const count = side.points[point - 1];
      if (count === 0) continue;
      const slot = pointSlot(picture.variant, picture.perspective, colour, point);
      out.push(drawStack(colour, count, (i) => checkerCentre(slot, i)));
    }
  }
  return out.join('');
}

/** Backgammon's bar: each side's checkers in its own half, from the middle outwards. */
function drawBar(picture: BoardPicture): string {
  return (['white', 'black'] as const)
    .filter((colour) => picture.board[colour].bar > 0)
    .map((colour) => {
      const seat = seatOf(picture.perspective, colour);
      return drawStack(colour, picture.board[colour].bar, (i) => barCheckerCentre(seat, i));
    })
    .join('');
}

/** Up to MAX_STACK checkers; when there are more, the last one drawn shows how many. */
function drawStack(colour: Colour, count: number, centreOf: (index: number) => Point2): string {
  const shown = Math.min(count, MAX_STACK);
  let out = '';
  for (let i = 0; i < shown; i++) out += drawChecker(colour, centreOf(i));
  if (count > MAX_STACK) {
    const { x, y } = centreOf(MAX_STACK - 1);
    out += text(String(count), { x, y: y + 5.5, size: 16, weight: 'bold', fill: CHECKER_COLOURS[colour].text });
  }
  return out;
}

function drawChecker(colour: Colour, { x, y }: Point2): string {
  const { fill, stroke, ring } = CHECKER_COLOURS[colour];
  return (
    element('circle', { cx: x, cy: y, r: CHECKER_RADIUS - 0.75, fill, stroke, 'stroke-width': 1.5 }) +
    element('circle', { cx: x, cy: y, r: CHECKER_RADIUS - 6, fill: 'none', stroke: ring, 'stroke-width': 1.5 })
  );
}

/** The borne-off trays: each side's beside the corner where it bears off, its checkers as slabs. */
function drawTrays(picture: BoardPicture): string {
  let out = '';
  for (const colour of ['white', 'black'] as const) {
    const place = trayPlace(picture.variant, seatOf(picture.perspective, colour));
    out += rect(trayRect(place), BOARD_COLOURS.tray);
    const off = Math.min(picture.board[colour].off, CHECKERS_PER_SIDE);
    const { fill, stroke } = CHECKER_COLOURS[colour];
    for (let i = 0; i < off; i++) out += rect(slabRect(place, i), fill, { stroke, 'stroke-width': 1, rx: 2 });
  }
  return out;
}

// ---- Cube and dice ---------------------------------------------------------------------------------

/**
 * The cube in the left column: in the middle when centred (showing 64 at
 * value 1, as on a real cube), else in its owner's half. A double waiting
 * for an answer is drawn instead in the doubler's half of the board, at the
 * value offered.
 */
function drawCube(picture: BoardPicture): string {
  const { cube, perspective } = picture;
  if (cube === null) return '';
  if (cube.offer !== null) return drawCubeAt(throwCentre(seatOf(perspective, cube.offer.by)), cube.offer.value);
  const owner = cube.owner === null ? null : seatOf(perspective, cube.owner);
  return drawCubeAt(cubeCentre(owner), cube.owner === null && cube.value === 1 ? 64 : cube.value);
}

function drawCubeAt({ x, y }: Point2, value: number): string {
  const label = String(value);
  const size = label.length <= 2 ? 17 : label.length === 3 ? 13 : 10;
  const box = { x: x - CUBE_SIZE / 2, y: y - CUBE_SIZE / 2, width: CUBE_SIZE, height: CUBE_SIZE };
  return (
    rect(box, BOARD_COLOURS.cube, { stroke: BOARD_COLOURS.cubeText, 'stroke-width': 1.5, rx: 4 }) +
    text(label, { x, y: y + size * 0.36, size, weight: 'bold', fill: BOARD_COLOURS.cubeText })
  );
}

/** Where the pips of each face sit, in steps of a third of the die from its centre. */
const PIPS: Readonly<Record<Die, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** The dice to play, in the thrower's half of the board, in the thrower's colour. */
function drawDice(picture: BoardPicture): string {
  const { dice } = picture;
  if (dice === null) return '';
  const centres = diceCentres(seatOf(picture.perspective, dice.player));
  const { fill, stroke, text: pip } = CHECKER_COLOURS[dice.player];
  return dice.values
    .map((value, i) => {
      const { x, y } = centres[i];
      const box = { x: x - DIE_SIZE / 2, y: y - DIE_SIZE / 2, width: DIE_SIZE, height: DIE_SIZE };
      const step = DIE_SIZE / 3.4;
      const pips = PIPS[value]
        .map(([dx, dy]) => element('circle', { cx: x + dx * step, cy: y + dy * step, r: 3.4, fill: pip }))
        .join('');
      return rect(box, fill, { stroke, 'stroke-width': 1.5, rx: 6 }) + pips;
    })
    .join('');
}

// ---- Names, pips, score, match ---------------------------------------------------------------------

/** A side's band: a marker when it must act, its colour, name, pip count and score. */
function drawInfo(picture: BoardPicture, seat: Seat): string {
  const colour = seat === 'bottom' ? picture.perspective : opponentOf(picture.perspective);
  const middle = infoTop(seat) + INFO_HEIGHT / 2;
  const baseline = middle + 5;
  let out = '';
  if (picture.onTurn === colour) {
    const marker = `${num(8)},${num(middle - 6)} ${num(17)},${num(middle)} ${num(8)},${num(middle + 6)}`;
    out += element('polygon', { points: marker, fill: BOARD_COLOURS.text });
  }
  const { fill, stroke } = CHECKER_COLOURS[colour];
  out += element('circle', { cx: 31, cy: middle, r: 9, fill, stroke, 'stroke-width': 1.5 });
  out += text(nameOf(picture, colour), { x: 47, y: baseline, size: 15, weight: 'bold', anchor: 'start' });
  // Over the right half: clear of the longest name (24 characters) on the left and the score on the right.
  out += text(`${picture.pips[colour]} pips`, { x: BAR_X + BAR_WIDTH + HALF_WIDTH / 2, y: baseline, size: 14 });
  if (picture.score !== null) {
    const points = picture.score[colour];
    out += text(`${points} ${points === 1 ? 'point' : 'points'}`, {
      x: WIDTH - 10,
      y: baseline,
      size: 15,
      weight: 'bold',
      anchor: 'end',
    });
  }
  return out;
}

function drawFooter(picture: BoardPicture): string {
  return text(footerOf(picture), {
    x: WIDTH / 2,
    y: FOOTER_TOP + FOOTER_HEIGHT / 2 + 4,
    size: 12,
    fill: BOARD_COLOURS.muted,
  });
}

function variantName(picture: BoardPicture): string {
  return picture.variant === 'backgammon' ? 'Backgammon' : 'Long nardy';
}

/** The variant, and for a match its length and whether this is the Crawford game. */
export function footerOf(picture: BoardPicture): string {
  const parts = [variantName(picture)];
  const { matchLength } = picture;
  if (matchLength === null) parts.push('position');
  else if (matchLength === 0) parts.push('money session');
  else parts.push(`${matchLength}-point match`);
  if (picture.crawford) parts.push('Crawford game');
  return parts.join(' · ');
}

function nameOf(picture: BoardPicture, colour: Colour): string {
  const given = picture.names?.[colour]?.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
  const name = given ? given : colour === 'white' ? 'White' : 'Black';
  const chars = [...name];
  return chars.length > MAX_NAME_LENGTH ? `${chars.slice(0, MAX_NAME_LENGTH - 1).join('')}…` : name;
}

/** What the picture shows, in words (its <title>, read out by screen readers). */
function titleOf(picture: BoardPicture): string {
  const viewer = nameOf(picture, picture.perspective);
  const other = nameOf(picture, opponentOf(picture.perspective));
  let title = `${variantName(picture)} board: ${viewer} (${picture.perspective}) against ${other}`;
  if (picture.score !== null)
    title += `, score ${picture.score[picture.perspective]}-${picture.score[opponentOf(picture.perspective)]}`;
  if (picture.dice !== null) {
    title += `, ${nameOf(picture, picture.dice.player)} to play ${picture.dice.values[0]}-${picture.dice.values[1]}`;
  }
  return title;
}

// ---- SVG text -------------------------------------------------------------------------------------

type Attributes = Readonly<Record<string, string | number>>;

interface TextStyle {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly fill?: string;
  readonly weight?: 'bold';
  readonly anchor?: 'start' | 'middle' | 'end';
}

function text(content: string, style: TextStyle): string {
  const attributes: Record<string, string | number> = {
    x: style.x,
    y: style.y,
    'font-size': style.size,
    fill: style.fill ?? BOARD_COLOURS.text,
    'text-anchor': style.anchor ?? 'middle',
  };
  if (style.weight) attributes['font-weight'] = style.weight;
  return element('text', attributes, escapeText(content));
}

function rect(
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  fill: string,
  extra: Attributes = {},
): string {
  return element('rect', { x: box.x, y: box.y, width: box.width, height: box.height, fill, ...extra });
}

function element(name: string, attributes: Attributes, content?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : escapeText(value)}"`)
    .join('');
  return content === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${content}</${name}>`;
}

/** A coordinate, short and the same on every machine: at most two decimals. */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a coordinate: ${value}`);
  return String(Math.round(value * 100) / 100);
}

/** Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `value` as XML character data or attribute value. */
export function escapeText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

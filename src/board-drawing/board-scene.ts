/**
 * A board picture's drawing as a tree of SVG elements (docs/architecture.md,
 * "Board pictures"): the one drawing behind both the service's board.svg
 * (board-svg.ts writes the tree out as a document) and the web client's board
 * (which renders the same tree inline and lets the viewer move on it). Pure and
 * deterministic, and free of Node: the browser bundles it.
 *
 * The tree holds plain text: attribute values and text children are not
 * escaped here, whoever writes the tree out escapes them (board-svg.ts for
 * XML; the browser's DOM needs none). Numbers are already rounded to the
 * coordinates drawn. Nodes a client can act on carry a `hit`, never written
 * out: the viewer's place under them, in the viewer's own numbering.
 *
 * Where things go is board-geometry.ts's business; this file only paints.
 */
import { BAR, CHECKERS_PER_SIDE, OFF, opponentOf, POINTS, type Colour, type Die } from '../engine/index.js';
import { BOARD_COLOURS, CHECKER_COLOURS, pointColour } from './board-colours.js';
import type { BoardPicture, PlayMarks } from './board-picture.js';
import { ENGLISH_BOARD_WORDS, type BoardWords } from './board-words.js';
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
  seatOf,
  slabRect,
  slotOfViewerPoint,
  throwCentre,
  trayPlace,
  trayRect,
  viewerPoint,
  WIDTH,
  type Point2,
  type Rect,
  type Seat,
} from './board-geometry.js';

/**
 * A place of the viewer's a client may act on, in the viewer's numbering (as a
 * move names it): one of the 24 points, the viewer's bar (25) or its tray (0).
 */
export type BoardHit =
  | { readonly kind: 'point'; readonly point: number }
  | { readonly kind: 'bar'; readonly point: typeof BAR }
  | { readonly kind: 'off'; readonly point: typeof OFF };

/**
 * One SVG element: its attributes and children in drawing order. `hit` is not part of the drawing,
 * nor is `verbatim`: set on the text of a name a picture gives (a username), which is not a word to
 * translate.
 */
export interface SvgNode {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string | number>>;
  readonly children: readonly (SvgNode | string)[];
  readonly hit?: BoardHit;
  readonly verbatim?: true;
}

type Attributes = Readonly<Record<string, string | number>>;

export const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
/** Longest name drawn, in characters; longer ones are cut with an ellipsis. */
const MAX_NAME_LENGTH = 24;

/** Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/U+FFFF). */
export const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const BAR_HIT: BoardHit = { kind: 'bar', point: BAR };
const OFF_HIT: BoardHit = { kind: 'off', point: OFF };
const pointHit = (point: number): BoardHit => ({ kind: 'point', point });

/**
 * The whole drawing: an `svg` element of fixed size and viewBox, its `title` first. Its words are
 * `words`' (English by default, as board.svg writes them).
 */
export function boardScene(picture: BoardPicture, words: BoardWords = ENGLISH_BOARD_WORDS): SvgNode {
  const attrs = {
    xmlns: 'http://www.w3.org/2000/svg',
    version: '1.1',
    width: WIDTH,
    height: HEIGHT,
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    'font-family': FONT_FAMILY,
  };
  return node('svg', attrs, [
    node('title', {}, [titleOf(picture, words)]),
    rect({ x: 0, y: 0, width: WIDTH, height: HEIGHT }, BOARD_COLOURS.background),
    ...drawBoard(),
    ...drawPoints(),
    ...drawPointNumbers(),
    ...drawTrays(picture),
    ...drawCheckers(picture),
    ...drawBar(picture),
    ...drawPlayMarks(picture, picture.lastPlay, 'last'),
    ...drawPlayMarks(picture, picture.bestPlay, 'best'),
    ...drawCube(picture),
    ...drawDice(picture),
    ...drawInfo(picture, 'top', words),
    ...drawInfo(picture, 'bottom', words),
    drawFooter(picture, words),
  ]);
}

// ---- The board: frame, halves, bar, points, numbers ------------------------------------------------

/**
 * The frame, the two halves and the bar. The bar is one rectangle across both
 * halves; only the viewer's checkers ever leave it, so all of it is the
 * viewer's bar to a client.
 */
function drawBoard(): SvgNode[] {
  const frame = rect({ x: 0, y: BOARD_TOP, width: WIDTH, height: BOARD_BOTTOM - BOARD_TOP }, BOARD_COLOURS.frame);
  const halves = [FIELD_LEFT, BAR_X + BAR_WIDTH].map((x) =>
    rect({ x, y: FIELD_TOP, width: HALF_WIDTH, height: FIELD_HEIGHT }, BOARD_COLOURS.field),
  );
  const bar = rect({ x: BAR_X, y: FIELD_TOP, width: BAR_WIDTH, height: FIELD_HEIGHT }, BOARD_COLOURS.bar, {}, BAR_HIT);
  return [frame, ...halves, bar];
}

/** The 24 triangles, from the board's edge towards the middle, in two alternating colours. */
function drawPoints(): SvgNode[] {
  const triangles: SvgNode[] = [];
  for (let point = 1; point <= POINTS; point++) {
    const slot = slotOfViewerPoint(point);
    const left = columnLeft(slot.column);
    const base = slot.row === 'top' ? FIELD_TOP : FIELD_TOP + FIELD_HEIGHT;
    const tip = slot.row === 'top' ? base + POINT_LENGTH : base - POINT_LENGTH;
    const corners: readonly (readonly [number, number])[] = [
      [left, base],
      [left + POINT_WIDTH, base],
      [left + POINT_WIDTH / 2, tip],
    ];
    triangles.push(node('polygon', { points: pointList(corners), fill: pointColour(slot) }, [], pointHit(point)));
  }
  return triangles;
}

/** The viewer's numbering, 13-24 above the top row and 12-1 below the bottom one. */
function drawPointNumbers(): SvgNode[] {
  const labels: SvgNode[] = [];
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
  return labels;
}

// ---- Checkers --------------------------------------------------------------------------------------

/** Each colour's stacks, each checker marked with the point it stands on in the viewer's numbering. */
function drawCheckers(picture: BoardPicture): SvgNode[] {
  const out: SvgNode[] = [];
  for (const colour of ['white', 'black'] as const) {
    const side = picture.board[colour];
    for (let point = 1; point <= POINTS; point++) {
      const count = side.points[point - 1];
      if (count === 0) continue;
      const viewers = viewerPoint(picture.variant, picture.perspective, colour, point);
      const slot = slotOfViewerPoint(viewers);
      out.push(...drawStack(colour, count, (i) => checkerCentre(slot, i), pointHit(viewers)));
    }
  }
  return out;
}

/**
 * A play's moves, each a line from the place the checker left to where it landed, with a dot there:
 * drawn over the checkers, taking no clicks, so that the board keeps what was played in view. The
 * last play is drawn solid; a better one (an analysis's best) dashed, in its own colour.
 */
function drawPlayMarks(picture: BoardPicture, play: PlayMarks | undefined, kind: 'last' | 'best'): SvgNode[] {
  if (play === undefined) return [];
  const seat = seatOf(picture.perspective, play.by);
  const placeOf = (point: number): Point2 => {
    if (point === BAR) return barCheckerCentre(seat, 0);
    if (point === OFF) {
      const tray = trayRect(trayPlace(picture.variant, seat));
      return { x: tray.x + tray.width / 2, y: tray.y + tray.height / 2 };
    }
    return checkerCentre(slotOfViewerPoint(viewerPoint(picture.variant, picture.perspective, play.by, point)), 0);
  };
  const colour = kind === 'last' ? BOARD_COLOURS.lastPlay : BOARD_COLOURS.bestPlay;
  const dashes: Record<string, string> = kind === 'last' ? {} : { 'stroke-dasharray': '10 6' };
  const style = { stroke: colour, 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.8, ...dashes };
  return play.moves.flatMap(({ from, to }) => {
    const [a, b] = [placeOf(from), placeOf(to)];
    return [
      node('line', {
        x1: a.x,
        y1: a.y,
        x2: b.x,
        y2: b.y,
        ...style,
        'pointer-events': 'none',
        [`data-${kind}-play`]: '',
      }),
      node('circle', { cx: b.x, cy: b.y, r: 6, fill: colour, 'pointer-events': 'none' }),
    ];
  });
}

/** Backgammon's bar: each side's checkers in its own half, from the middle outwards. */
function drawBar(picture: BoardPicture): SvgNode[] {
  return (['white', 'black'] as const)
    .filter((colour) => picture.board[colour].bar > 0)
    .flatMap((colour) => {
      const seat = seatOf(picture.perspective, colour);
      const hit = colour === picture.perspective ? BAR_HIT : undefined;
      return drawStack(colour, picture.board[colour].bar, (i) => barCheckerCentre(seat, i), hit);
    });
}

/** Up to MAX_STACK checkers; when there are more, the last one drawn shows how many. */
function drawStack(colour: Colour, count: number, centreOf: (index: number) => Point2, hit?: BoardHit): SvgNode[] {
  const shown = Math.min(count, MAX_STACK);
  const out: SvgNode[] = [];
  for (let i = 0; i < shown; i++) out.push(...drawChecker(colour, centreOf(i), hit));
  if (count > MAX_STACK) {
    const { x, y } = centreOf(MAX_STACK - 1);
    const style = { x, y: y + 5.5, size: 16, weight: 'bold', fill: CHECKER_COLOURS[colour].text } as const;
    out.push(text(String(count), style, hit));
  }
  return out;
}

function drawChecker(colour: Colour, { x, y }: Point2, hit?: BoardHit): SvgNode[] {
  const { fill, stroke, ring } = CHECKER_COLOURS[colour];
  return [
    node('circle', { cx: x, cy: y, r: CHECKER_RADIUS - 0.75, fill, stroke, 'stroke-width': 1.5 }, [], hit),
    node('circle', { cx: x, cy: y, r: CHECKER_RADIUS - 6, fill: 'none', stroke: ring, 'stroke-width': 1.5 }, [], hit),
  ];
}

/** The borne-off trays: each side's beside the corner where it bears off, its checkers as slabs. */
function drawTrays(picture: BoardPicture): SvgNode[] {
  const out: SvgNode[] = [];
  for (const colour of ['white', 'black'] as const) {
    const place = trayPlace(picture.variant, seatOf(picture.perspective, colour));
    const hit = colour === picture.perspective ? OFF_HIT : undefined;
    out.push(rect(trayRect(place), BOARD_COLOURS.tray, {}, hit));
    const off = Math.min(picture.board[colour].off, CHECKERS_PER_SIDE);
    const { fill, stroke } = CHECKER_COLOURS[colour];
    for (let i = 0; i < off; i++) out.push(rect(slabRect(place, i), fill, { stroke, 'stroke-width': 1, rx: 2 }, hit));
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
function drawCube(picture: BoardPicture): SvgNode[] {
  const { cube, perspective } = picture;
  if (cube === null) return [];
  if (cube.offer !== null) return drawCubeAt(throwCentre(seatOf(perspective, cube.offer.by)), cube.offer.value);
  const owner = cube.owner === null ? null : seatOf(perspective, cube.owner);
  return drawCubeAt(cubeCentre(owner), cube.owner === null && cube.value === 1 ? 64 : cube.value);
}

function drawCubeAt({ x, y }: Point2, value: number): SvgNode[] {
  const label = String(value);
  const size = label.length <= 2 ? 17 : label.length === 3 ? 13 : 10;
  const box = { x: x - CUBE_SIZE / 2, y: y - CUBE_SIZE / 2, width: CUBE_SIZE, height: CUBE_SIZE };
  return [
    rect(box, BOARD_COLOURS.cube, { stroke: BOARD_COLOURS.cubeText, 'stroke-width': 1.5, rx: 4 }),
    text(label, { x, y: y + size * 0.36, size, weight: 'bold', fill: BOARD_COLOURS.cubeText }),
  ];
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
function drawDice(picture: BoardPicture): SvgNode[] {
  const { dice } = picture;
  if (dice === null) return [];
  const centres = diceCentres(seatOf(picture.perspective, dice.player));
  const { fill, stroke, text: pip } = CHECKER_COLOURS[dice.player];
  return dice.values.flatMap((value, i) => {
    const { x, y } = centres[i];
    const box = { x: x - DIE_SIZE / 2, y: y - DIE_SIZE / 2, width: DIE_SIZE, height: DIE_SIZE };
    const step = DIE_SIZE / 3.4;
    const pips = PIPS[value].map(([dx, dy]) =>
      node('circle', { cx: x + dx * step, cy: y + dy * step, r: 3.4, fill: pip }),
    );
    const die = [rect(box, fill, { stroke, 'stroke-width': 1.5, rx: 6 }), ...pips];
    // A die already played, while a play is being made, is drawn faded.
    return dice.used?.[i] === true ? [node('g', { opacity: 0.35, 'data-used': '' }, die)] : die;
  });
}

// ---- Names, pips, score, match ---------------------------------------------------------------------

/** A side's band: a marker when it must act, its colour, name, pip count and score. */
function drawInfo(picture: BoardPicture, seat: Seat, words: BoardWords): SvgNode[] {
  const colour = seat === 'bottom' ? picture.perspective : opponentOf(picture.perspective);
  const middle = infoTop(seat) + INFO_HEIGHT / 2;
  const baseline = middle + 5;
  const out: SvgNode[] = [];
  if (picture.onTurn === colour) {
    const marker = pointList([
      [8, middle - 6],
      [17, middle],
      [8, middle + 6],
    ]);
    out.push(node('polygon', { points: marker, fill: BOARD_COLOURS.text }));
  }
  const { fill, stroke } = CHECKER_COLOURS[colour];
  out.push(node('circle', { cx: 31, cy: middle, r: 9, fill, stroke, 'stroke-width': 1.5 }));
  const name = text(nameOf(picture, colour, words), { x: 47, y: baseline, size: 15, weight: 'bold', anchor: 'start' });
  out.push(givenName(picture, colour) === null ? name : { ...name, verbatim: true });
  // Over the right half: clear of the longest name (24 characters) on the left and the score on the right.
  out.push(text(words.pips(picture.pips[colour]), { x: BAR_X + BAR_WIDTH + HALF_WIDTH / 2, y: baseline, size: 14 }));
  if (picture.score !== null) {
    const points = picture.score[colour];
    const style = { x: WIDTH - 10, y: baseline, size: 15, weight: 'bold', anchor: 'end' } as const;
    out.push(text(words.points(points), style));
  }
  return out;
}

function drawFooter(picture: BoardPicture, words: BoardWords): SvgNode {
  return text(footerOf(picture, words), {
    x: WIDTH / 2,
    y: FOOTER_TOP + FOOTER_HEIGHT / 2 + 4,
    size: 12,
    fill: BOARD_COLOURS.muted,
  });
}

/** The variant, and for a match its length and whether this is the Crawford game. */
export function footerOf(picture: BoardPicture, words: BoardWords = ENGLISH_BOARD_WORDS): string {
  const parts = [words.variant(picture.variant), words.match(picture.matchLength)];
  if (picture.crawford) parts.push(words.crawford);
  return parts.join(' · ');
}

/** The name the picture gives a side, without characters XML cannot hold and spaces folded; null when none. */
function givenName(picture: BoardPicture, colour: Colour): string | null {
  const given = picture.names?.[colour]?.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
  return given ? given : null;
}

/** A side's name as drawn: the name given, else its colour's, cut to MAX_NAME_LENGTH. */
function nameOf(picture: BoardPicture, colour: Colour, words: BoardWords): string {
  const name = givenName(picture, colour) ?? words.colour(colour);
  const chars = [...name];
  return chars.length > MAX_NAME_LENGTH ? `${chars.slice(0, MAX_NAME_LENGTH - 1).join('')}…` : name;
}

/** What the picture shows, in words (its <title>, read out by screen readers). */
export function titleOf(picture: BoardPicture, words: BoardWords = ENGLISH_BOARD_WORDS): string {
  const { perspective, score, dice } = picture;
  const other = opponentOf(perspective);
  return words.title({
    variant: picture.variant,
    viewer: nameOf(picture, perspective, words),
    perspective,
    opponent: nameOf(picture, other, words),
    score: score === null ? null : { viewer: score[perspective], opponent: score[other] },
    dice: dice === null ? null : { player: nameOf(picture, dice.player, words), values: dice.values },
  });
}

// ---- Nodes -----------------------------------------------------------------------------------------

interface TextStyle {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly fill?: string;
  readonly weight?: 'bold';
  readonly anchor?: 'start' | 'middle' | 'end';
}

function text(content: string, style: TextStyle, hit?: BoardHit): SvgNode {
  const attributes: Record<string, string | number> = {
    x: style.x,
    y: style.y,
    'font-size': style.size,
    fill: style.fill ?? BOARD_COLOURS.text,
    'text-anchor': style.anchor ?? 'middle',
  };
  if (style.weight) attributes['font-weight'] = style.weight;
  return node('text', attributes, [content], hit);
}

function rect(box: Rect, fill: string, extra: Attributes = {}, hit?: BoardHit): SvgNode {
  return node('rect', { x: box.x, y: box.y, width: box.width, height: box.height, fill, ...extra }, [], hit);
}

/** A node, its numbers rounded to the coordinates drawn. */
function node(
  tag: string,
  attributes: Attributes,
  children: readonly (SvgNode | string)[] = [],
  hit?: BoardHit,
): SvgNode {
  const attrs: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(attributes))
    attrs[key] = typeof value === 'number' ? coordinate(value) : value;
  return hit === undefined ? { tag, attrs, children } : { tag, attrs, children, hit };
}

/** Corners as a polygon's `points`. */
function pointList(corners: readonly (readonly [number, number])[]): string {
  return corners.map(([x, y]) => `${coordinate(x)},${coordinate(y)}`).join(' ');
}

/** A coordinate, short and the same on every machine: at most two decimals. */
function coordinate(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a coordinate: ${value}`);
  return Math.round(value * 100) / 100;
}

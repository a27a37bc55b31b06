import {
  initialPosition,
  makePosition,
  sideFromCounts,
  VARIANTS,
  type Colour,
  type Position,
  type Variant,
} from '../engine/index.js';
import { CHECKER_COLOURS } from './board-colours.js';
import { barCheckerCentre, checkerCentre, slotOfViewerPoint, trayRect, VIEWER_TRAY } from './board-geometry.js';
import { positionPicture, type BoardPicture } from './board-picture.js';
import { boardScene, type BoardHit, type SvgNode } from './board-scene.js';
import type { BoardWords } from './board-words.js';
import { renderBoardSvg } from './board-svg.js';

/** Every node of the scene, in drawing order. */
function nodes(root: SvgNode): SvgNode[] {
  return [root, ...root.children.flatMap((c) => (typeof c === 'string' ? [] : nodes(c)))];
}

/** A position seen by `viewer`: white is the side to move in positionPicture, so black sees it from the other side. */
function picture(variant: Variant, position: Position, viewer: Colour): BoardPicture {
  return positionPicture(variant, position, viewer === 'white' ? 'player' : 'opponent');
}

const hitOf = (n: SvgNode): BoardHit | undefined => n.hit;
const sameHit = (hit: BoardHit) => (n: SvgNode) => n.hit?.kind === hit.kind && n.hit.point === hit.point;
/** The outer circle of each checker of `colour` drawn (the name swatch, radius 9, is not a checker). */
const checkers = (scene: SvgNode, colour: Colour) =>
  nodes(scene).filter((n) => n.tag === 'circle' && n.attrs.fill === CHECKER_COLOURS[colour].fill && n.attrs.r !== 9);

describe('boardScene hits (the viewer’s places, in the viewer’s numbering)', () => {
  const viewers = ['white', 'black'] as const;

  it('marks each of the 24 triangles once, with the point drawn there, in both variants and from both sides', () => {
    for (const variant of VARIANTS) {
      for (const viewer of viewers) {
        const scene = boardScene(picture(variant, initialPosition(variant), viewer));
        const triangles = nodes(scene).filter((n) => n.tag === 'polygon' && n.hit !== undefined);
        expect(triangles.map((t) => t.hit?.point).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          Array.from({ length: 24 }, (_, i) => i + 1),
        );
        for (const triangle of triangles) {
          const slot = slotOfViewerPoint(triangle.hit!.point);
          // The triangle's base spans the point's column: its first corner is the column's left edge.
          const centre = checkerCentre(slot, 0);
          const [x] = String(triangle.attrs.points).split(' ')[0].split(',').map(Number);
          expect(x).toBe(centre.x - 20);
        }
      }
    }
  });

  it('puts the backgammon start where each side’s numbering says, in the viewer’s numbers (gnubg’s opening layout)', () => {
    for (const viewer of viewers) {
      const scene = boardScene(picture('backgammon', initialPosition('backgammon'), viewer));
      const other: Colour = viewer === 'white' ? 'black' : 'white';
      // The viewer's own 24, 13, 8, 6; the other side's same points are the viewer's 25 - q: 1, 12, 17, 19.
      const expected: readonly (readonly [Colour, number, number])[] = [
        [viewer, 24, 2],
        [viewer, 13, 5],
        [viewer, 8, 3],
        [viewer, 6, 5],
        [other, 1, 2],
        [other, 12, 5],
        [other, 17, 3],
        [other, 19, 5],
      ];
      for (const [colour, point, count] of expected) {
        const onPoint = checkers(scene, colour).filter(sameHit({ kind: 'point', point }));
        expect(onPoint).toHaveLength(count);
        onPoint.forEach((c, i) => {
          const { x, y } = checkerCentre(slotOfViewerPoint(point), i);
          expect([c.attrs.cx, c.attrs.cy]).toEqual([x, y]);
        });
      }
      // Every checker drawn is on one of those points.
      expect(checkers(scene, viewer).every((c) => [24, 13, 8, 6].includes(c.hit?.point ?? -1))).toBe(true);
      expect(checkers(scene, other).every((c) => [1, 12, 17, 19].includes(c.hit?.point ?? -1))).toBe(true);
    }
  });

  it('puts the long-nardy heads on the viewer’s 24 and, for the other side, on the viewer’s 12, the count on each', () => {
    for (const viewer of viewers) {
      const scene = boardScene(picture('long-nardy', initialPosition('long-nardy'), viewer));
      const other: Colour = viewer === 'white' ? 'black' : 'white';
      for (const [colour, point] of [
        [viewer, 24],
        [other, 12],
      ] as const) {
        const stack = nodes(scene)
          .filter(sameHit({ kind: 'point', point }))
          .filter((n) => n.tag !== 'polygon');
        expect(checkers(scene, colour).filter(sameHit({ kind: 'point', point }))).toHaveLength(5);
        // Five checkers of two circles each, and the count on the fifth.
        expect(stack.map((n) => n.tag)).toEqual([...Array<string>(10).fill('circle'), 'text']);
        expect(stack[10].children).toEqual(['15']);
      }
    }
  });

  it('marks the viewer’s checkers on the bar and the bar, but not the other side’s checkers there', () => {
    const position = makePosition(sideFromCounts({ 6: 10 }, 2), sideFromCounts({ 12: 11 }, 1));
    for (const viewer of viewers) {
      const scene = boardScene(picture('backgammon', position, viewer));
      const other: Colour = viewer === 'white' ? 'black' : 'white';
      const onBar = (colour: Colour, seat: 'top' | 'bottom', count: number) =>
        checkers(scene, colour).filter((c) =>
          Array.from({ length: count }, (_, i) => barCheckerCentre(seat, i)).some(
            ({ x, y }) => c.attrs.cx === x && c.attrs.cy === y,
          ),
        );
      const mine = viewer === 'white' ? 2 : 1;
      expect(onBar(viewer, 'bottom', mine).map(hitOf)).toEqual(Array(mine).fill({ kind: 'bar', point: 25 }));
      expect(onBar(other, 'top', 3 - mine).map(hitOf)).toEqual(Array(3 - mine).fill(undefined));
      expect(nodes(scene).filter((n) => n.tag === 'rect' && n.hit?.kind === 'bar')).toHaveLength(1);
    }
  });

  it('marks the viewer’s tray and the checkers borne off into it, and nothing of the other side’s', () => {
    const position = makePosition(sideFromCounts({ 1: 12 }), sideFromCounts({ 1: 10 }));
    for (const variant of VARIANTS) {
      for (const viewer of viewers) {
        const scene = boardScene(picture(variant, position, viewer));
        const off = nodes(scene).filter(sameHit({ kind: 'off', point: 0 }));
        const tray = trayRect(VIEWER_TRAY);
        expect(off[0].attrs).toMatchObject({ x: tray.x, y: tray.y, width: tray.width, height: tray.height });
        // The tray, then one slab per checker off: 3 for white, 5 for black.
        expect(off).toHaveLength(1 + (viewer === 'white' ? 3 : 5));
        expect(off.slice(1).every((slab) => slab.attrs.fill === CHECKER_COLOURS[viewer].fill)).toBe(true);
      }
    }
  });

  it('keeps hits and plain text in the tree, and out of the document', () => {
    const start = positionPicture('backgammon', initialPosition('backgammon'));
    const named = { ...start, names: { white: 'Tom & Jerry', black: 'x<y' } };
    const texts = nodes(boardScene(named)).flatMap((n) => n.children.filter((c) => typeof c === 'string'));
    expect(texts).toEqual(expect.arrayContaining(['Tom & Jerry', 'x<y']));
    const svg = renderBoardSvg(named);
    expect(svg).toContain('Tom &amp; Jerry');
    expect(svg).not.toMatch(/\shit=|kind=|\[object/);
  });
});

describe('boardScene words', () => {
  const start = positionPicture('backgammon', initialPosition('backgammon'));
  const match: BoardPicture = {
    ...start,
    names: { white: 'alice' },
    score: { white: 1, black: 0 },
    matchLength: 5,
    crawford: true,
    dice: { values: [6, 4], player: 'white' },
  };
  const texts = (scene: SvgNode): string[] =>
    nodes(scene).flatMap((n) => n.children.filter((c): c is string => typeof c === 'string'));
  const shouting: BoardWords = {
    variant: (variant) => `VARIANT ${variant}`,
    colour: (colour) => `COLOUR ${colour}`,
    pips: (count) => `PIPS ${count}`,
    points: (count) => `POINTS ${count}`,
    match: (length) => `MATCH ${length}`,
    crawford: 'CRAWFORD',
    title: (facts) => `TITLE ${JSON.stringify(facts)}`,
  };

  it('writes English by default, as board.svg does', () => {
    expect(texts(boardScene(match))).toEqual(
      expect.arrayContaining([
        'Backgammon board: alice (white) against Black, score 1-0, alice to play 6-4',
        'alice',
        'Black',
        '1 point',
        '0 points',
        'Backgammon · 5-point match · Crawford game',
      ]),
    );
  });

  it('writes the words given instead, each from the facts it names', () => {
    const written = texts(boardScene(match, shouting));
    expect(written).toEqual(
      expect.arrayContaining([
        'alice',
        'COLOUR black',
        `PIPS ${match.pips.white}`,
        'POINTS 1',
        'POINTS 0',
        'VARIANT backgammon · MATCH 5 · CRAWFORD',
      ]),
    );
    expect(JSON.parse(written[0].slice('TITLE '.length))).toEqual({
      variant: 'backgammon',
      viewer: 'alice',
      perspective: 'white',
      opponent: 'COLOUR black',
      score: { viewer: 1, opponent: 0 },
      dice: { player: 'alice', values: [6, 4] },
    });
    expect(written.join(' ')).not.toMatch(/Backgammon|Black|pips|point|Crawford/);
  });

  it('marks a given name as a name, not a word, and a colour’s name as a word', () => {
    const named = nodes(boardScene(match, shouting)).filter((n) => n.verbatim === true);
    expect(named.map((n) => n.children)).toEqual([['alice']]);
    expect(renderBoardSvg(match)).not.toContain('verbatim');
  });
});

import { initialPosition, makePosition, sideFromCounts, type Colour, type Position } from '../engine/index.js';
import {
  barCheckerCentre,
  checkerCentre,
  cubeCentre,
  diceCentres,
  HEIGHT,
  pointSlot,
  slabRect,
  throwCentre,
  trayPlace,
  WIDTH,
  type Point2,
} from './board-geometry.js';
import { positionPicture, type BoardPicture, type PictureCube } from './board-picture.js';
import { CHECKER_COLOURS, escapeText, footerOf, renderBoardSvg } from './board-svg.js';

// ---- A strict little XML reader: throws on anything not well-formed ----------------------------------

interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data with its references resolved; throws on `<` or an `&` that starts no reference. */
function decode(raw: string, where: number): string {
  if (raw.includes('<')) throw new Error(`'<' in character data at ${where}`);
  return raw.replace(/&([^;]*);?/g, (match: string, ref: string) => {
    if (!match.endsWith(';')) throw new Error(`unterminated reference at ${where}`);
    if (ref in ENTITIES) return ENTITIES[ref];
    const code = /^#x[0-9a-fA-F]+$/.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#[0-9]+$/.test(ref)
        ? Number(ref.slice(1))
        : NaN;
    if (Number.isNaN(code)) throw new Error(`unknown reference &${ref}; at ${where}`);
    return String.fromCodePoint(code);
  });
}

/** The document's root element; throws where the text is not well-formed XML (no DTD, comments or CDATA). */
function parseXml(source: string): XmlElement {
  if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(source)) throw new Error('character not allowed');
  let at = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(source);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < source.length) {
    if (source[at] !== '<') {
      const end = source.indexOf('<', at);
      const raw = source.slice(at, end === -1 ? source.length : end);
      if (stack.length === 0) {
        if (raw.trim() !== '') throw new Error(`text outside the root at ${at}`);
      } else stack[stack.length - 1].text += decode(raw, at);
      at += raw.length;
      continue;
    }
    if (source.startsWith('</', at)) {
      const name = NAME.exec(source.slice(at + 2))?.[0];
      const open = stack.pop();
      if (name === undefined || open?.name !== name) throw new Error(`</${name}> does not close <${open?.name}>`);
      at += 2 + name.length;
      if (source[at] !== '>') throw new Error(`bad end tag at ${at}`);
      at++;
      continue;
    }
    const name = NAME.exec(source.slice(at + 1))?.[0];
    if (name === undefined) throw new Error(`bad markup at ${at}`);
    if (root !== null && stack.length === 0) throw new Error(`a second root <${name}>`);
    at += 1 + name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const space = /^\s*/.exec(source.slice(at))![0];
      at += space.length;
      if (source.startsWith('/>', at) || source[at] === '>') break;
      if (space === '') throw new Error(`no space before an attribute at ${at}`);
      const attribute = /^([A-Za-z_:][-A-Za-z0-9_:.]*)="([^"]*)"/.exec(source.slice(at));
      if (!attribute) throw new Error(`bad attribute at ${at}`);
      if (attribute[1] in attributes) throw new Error(`attribute ${attribute[1]} twice at ${at}`);
      attributes[attribute[1]] = decode(attribute[2], at);
      at += attribute[0].length;
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else root = element;
    if (source.startsWith('/>', at)) at += 2;
    else {
      at += 1;
      stack.push(element);
    }
  }
  if (root === null || stack.length > 0) throw new Error('the document ends inside an element');
  return root;
}

function all(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((c) => [...(c.name === name ? [c] : []), ...all(c, name)]);
}

const svgOf = (picture: BoardPicture): XmlElement => parseXml(renderBoardSvg(picture));
const at = ({ x, y }: Point2, e: XmlElement, kx: string, ky: string): boolean =>
  Number(e.attributes[kx]) === x && Number(e.attributes[ky]) === y;

/** The checkers drawn (their outer circle) of a colour at a centre. */
const checkersAt = (svg: XmlElement, colour: Colour, centre: Point2): XmlElement[] =>
  all(svg, 'circle').filter(
    (c) => c.attributes.fill === CHECKER_COLOURS[colour].fill && at(centre, c, 'cx', 'cy') && c.attributes.r !== '9',
  );
const textsAt = (svg: XmlElement, centre: Point2): string[] =>
  all(svg, 'text')
    .filter((t) => Number(t.attributes.x) === centre.x && Math.abs(Number(t.attributes.y) - centre.y) < 8)
    .map((t) => t.text);
const textOf = (svg: XmlElement): string[] => all(svg, 'text').map((t) => t.text);

const side = (counts: Record<number, number>, bar = 0) => sideFromCounts(counts, bar);

describe('the reader the tests check the pictures with', () => {
  it('reads well-formed XML and refuses what is not', () => {
    expect(parseXml('<a x="1"><b>t &amp; u</b><c/></a>').children.map((c) => c.name)).toEqual(['b', 'c']);
    for (const bad of ['<a><b></a></b>', '<a x="1" x="2"/>', '<a>&nbsp;</a>', '<a>x < y</a>', '<a/><b/>', '<a>']) {
      expect(() => parseXml(bad)).toThrow();
    }
  });
});

describe('renderBoardSvg', () => {
  const start = positionPicture('backgammon', initialPosition('backgammon'));

  it('writes a well-formed SVG 1.1 document with its size and viewBox', () => {
    const source = renderBoardSvg(start);
    const svg = parseXml(source);
    expect(source.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(svg.name).toBe('svg');
    expect(svg.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      version: '1.1',
      width: String(WIDTH),
      height: String(HEIGHT),
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    });
    expect(svg.children[0].name).toBe('title');
  });

  it('uses nothing from outside: no links, images, scripts, styles or fonts to load', () => {
    const source = renderBoardSvg(start);
    expect(source).not.toMatch(/href|<image|<script|<style|url\(|@import|@font-face|<foreignObject/i);
    const used = new Set<string>();
    const walk = (e: XmlElement) => (used.add(e.name), e.children.forEach(walk));
    walk(parseXml(source));
    expect([...used].sort()).toEqual(['circle', 'polygon', 'rect', 'svg', 'text', 'title']);
  });

  it('gives the same bytes for the same picture', () => {
    expect(renderBoardSvg(start)).toBe(renderBoardSvg(positionPicture('backgammon', initialPosition('backgammon'))));
  });

  it('draws the backgammon start: two, five, three and five checkers of each side where its numbering says', () => {
    for (const perspective of ['white', 'black'] as const) {
      const svg = svgOf({ ...start, perspective });
      for (const colour of ['white', 'black'] as const) {
        for (const [point, count] of [
          [24, 2],
          [13, 5],
          [8, 3],
          [6, 5],
        ]) {
          const slot = pointSlot('backgammon', perspective, colour, point);
          for (let i = 0; i < 5; i++) {
            expect(checkersAt(svg, colour, checkerCentre(slot, i))).toHaveLength(i < count ? 1 : 0);
          }
        }
      }
      // 2 + 5 + 3 + 5 checkers a side, each drawn once; the two name swatches are the other circles of those fills.
      for (const colour of ['white', 'black'] as const) {
        const fills = all(svg, 'circle').filter((c) => c.attributes.fill === CHECKER_COLOURS[colour].fill);
        expect(fills).toHaveLength(15 + 1);
      }
    }
  });

  it('shows the count on the fifth checker of a stack over five, and no count up to five', () => {
    const position = makePosition(side({ 24: 15 }), side({ 24: 6, 23: 5, 1: 4 }));
    const picture = positionPicture('long-nardy', position);
    const svg = svgOf(picture);
    const fifth = (colour: Colour, point: number) => checkerCentre(pointSlot('long-nardy', 'white', colour, point), 4);
    expect(textsAt(svg, fifth('white', 24))).toEqual(['15']);
    expect(textsAt(svg, fifth('black', 24))).toEqual(['6']);
    expect(textsAt(svg, fifth('black', 23))).toEqual([]);
    expect(checkersAt(svg, 'white', fifth('white', 24))).toHaveLength(1);
    expect(checkersAt(svg, 'black', checkerCentre(pointSlot('long-nardy', 'white', 'black', 1), 3))).toHaveLength(1);
  });

  it('draws both long-nardy heads: the viewer’s in the top-right corner, the other’s bottom left', () => {
    const svg = svgOf(positionPicture('long-nardy', initialPosition('long-nardy')));
    expect(pointSlot('long-nardy', 'white', 'white', 24)).toEqual({ row: 'top', column: 11 });
    expect(pointSlot('long-nardy', 'white', 'black', 24)).toEqual({ row: 'bottom', column: 0 });
    for (const colour of ['white', 'black'] as const) {
      const head = pointSlot('long-nardy', 'white', colour, 24);
      for (let i = 0; i < 5; i++) expect(checkersAt(svg, colour, checkerCentre(head, i))).toHaveLength(1);
      expect(textsAt(svg, checkerCentre(head, 4))).toEqual(['15']);
    }
  });

  it('puts checkers on the bar in their own half, and borne-off ones in their tray', () => {
    const position: Position = makePosition(side({ 6: 10 }, 2), side({ 12: 11 }, 1));
    const svg = svgOf(positionPicture('backgammon', position));
    expect(checkersAt(svg, 'white', barCheckerCentre('bottom', 1))).toHaveLength(1);
    expect(checkersAt(svg, 'white', barCheckerCentre('bottom', 2))).toHaveLength(0);
    expect(checkersAt(svg, 'black', barCheckerCentre('top', 0))).toHaveLength(1);
    const slabs = (colour: Colour, seat: 'top' | 'bottom') => {
      const place = trayPlace('backgammon', seat);
      return Array.from({ length: 15 }, (_, i) => slabRect(place, i)).filter((r) =>
        all(svg, 'rect').some((e) => at(r, e, 'x', 'y') && e.attributes.fill === CHECKER_COLOURS[colour].fill),
      ).length;
    };
    expect(slabs('white', 'bottom')).toBe(3);
    expect(slabs('black', 'top')).toBe(3);
  });

  describe('the cube', () => {
    const cubes = (picture: BoardPicture) =>
      all(svgOf(picture), 'rect')
        .filter((r) => r.attributes.width === '34' && r.attributes.fill === '#fdfcf7')
        .map((r) => ({ x: Number(r.attributes.x) + 17, y: Number(r.attributes.y) + 17 }));
    const withCube = (cube: PictureCube | null, perspective: Colour = 'white'): BoardPicture => ({
      ...start,
      perspective,
      cube,
    });

    it('sits in the middle when nobody owns it, showing 64 at 1 and its value when doubled', () => {
      expect(cubes(withCube({ value: 1, owner: null, offer: null }))).toEqual([cubeCentre(null)]);
      expect(textsAt(svgOf(withCube({ value: 1, owner: null, offer: null })), cubeCentre(null))).toEqual(['64']);
      expect(textsAt(svgOf(withCube({ value: 2, owner: null, offer: null })), cubeCentre(null))).toEqual(['2']);
    });

    it('sits on its owner’s side, whichever side the viewer is', () => {
      for (const viewer of ['white', 'black'] as const) {
        const mine = withCube({ value: 4, owner: viewer, offer: null }, viewer);
        const theirs = withCube({ value: 8, owner: viewer === 'white' ? 'black' : 'white', offer: null }, viewer);
        expect(cubes(mine)).toEqual([cubeCentre('bottom')]);
        expect(textsAt(svgOf(mine), cubeCentre('bottom'))).toEqual(['4']);
        expect(cubes(theirs)).toEqual([cubeCentre('top')]);
        expect(textsAt(svgOf(theirs), cubeCentre('top'))).toEqual(['8']);
      }
    });

    it('is offered in the doubler’s half at the new value, and is not drawn when the game has none', () => {
      const offered = withCube({ value: 1, owner: null, offer: { by: 'black', value: 2 } });
      expect(cubes(offered)).toEqual([throwCentre('top')]);
      expect(textsAt(svgOf(offered), throwCentre('top'))).toEqual(['2']);
      expect(cubes(withCube(null))).toEqual([]);
    });
  });

  it('draws the dice in the thrower’s half, in its colour, with their pips', () => {
    for (const [viewer, seat] of [
      ['white', 'bottom'],
      ['black', 'top'],
    ] as const) {
      const svg = svgOf({ ...start, perspective: viewer, dice: { values: [6, 3], player: 'white' } });
      const [left, right] = diceCentres(seat);
      const dice = all(svg, 'rect').filter((r) => r.attributes.width === '34' && r.attributes.rx === '6');
      expect(dice.map((d) => ({ x: Number(d.attributes.x) + 17, y: Number(d.attributes.y) + 17 }))).toEqual([
        left,
        right,
      ]);
      expect(dice.every((d) => d.attributes.fill === CHECKER_COLOURS.white.fill)).toBe(true);
      const pips = (c: Point2) =>
        all(svg, 'circle').filter(
          (p) =>
            p.attributes.r === '3.4' &&
            Math.abs(Number(p.attributes.cx) - c.x) < 17 &&
            Math.abs(Number(p.attributes.cy) - c.y) < 17,
        ).length;
      expect([pips(left), pips(right)]).toEqual([6, 3]);
    }
  });

  it('names the sides with their pips, score and the match, escaping what it writes', () => {
    const picture: BoardPicture = {
      ...start,
      score: { white: 2, black: 1 },
      matchLength: 5,
      crawford: true,
      names: { white: '<script>alert("x")</script>', black: 'bob & "co" \u0007' },
    };
    const source = renderBoardSvg(picture);
    expect(source).not.toContain('<script');
    const texts = textOf(parseXml(source));
    expect(texts).toEqual(
      expect.arrayContaining(['<script>alert("x")</scr…', 'bob & "co"', '167 pips', '2 points', '1 point']),
    );
    expect(texts).toContain('Backgammon · 5-point match · Crawford game');
  });

  it('says what kind of board it is in the footer', () => {
    expect(footerOf(start)).toBe('Backgammon · position');
    expect(footerOf({ ...start, variant: 'long-nardy', matchLength: 0, score: { white: 0, black: 0 } })).toBe(
      'Long nardy · money session',
    );
  });

  it('escapes the five XML specials and drops characters XML cannot hold', () => {
    expect(escapeText(`a<b>&"c'\u0000\uFFFE`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});

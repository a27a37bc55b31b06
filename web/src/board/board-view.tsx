/**
 * The board on a page: the service's own board drawing (src/board-drawing/board-scene.ts, the drawing
 * behind board.svg; docs/architecture.md "Board pictures") rendered inline, with the viewer's
 * places to move from and to laid over it. A checker is moved by tapping or clicking its point and
 * then where it goes, by dragging it there, or by keyboard: each place that can be picked is a
 * button (Tab to it, Enter or Space to press it, Escape to put the checker back). Places are
 * numbered as the viewer numbers them (docs/rules.md, "Numbering"): 1-24, 25 the bar, 0 off.
 * The component only reports what was picked; which moves are legal is the caller's to say. The
 * drawing's words and the places' names are in the page's language.
 */
import { h, type ComponentChild } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import {
  barCheckerCentre,
  boardScene,
  CHECKER_COLOURS,
  CHECKER_RADIUS,
  checkerCentre,
  MAX_STACK,
  placeArea,
  slotOfViewerPoint,
  type BoardPicture,
  type Point2,
  type SvgNode,
} from '../../../src/board-drawing/index.js';
import { t } from '../i18n/index.js';
import { boardWords } from './board-words.js';
import './board.css';

const BAR = 25;
const OFF = 0;

export interface BoardInteraction {
  /** Viewer's points (own numbering, 25 = bar) holding a checker that may move now. */
  readonly sources: ReadonlySet<number>;
  /** The source picked, or null. */
  readonly selected: number | null;
  /** Where the picked checker may go (own numbering, 0 = off). */
  readonly targets: ReadonlySet<number>;
  onSelect(point: number | null): void;
  onMove(from: number, to: number): void;
}

export interface BoardViewProps {
  readonly picture: BoardPicture;
  readonly interaction?: BoardInteraction;
  /** The board's accessible name. */
  readonly label: string;
  /** Viewer's points (1-24) to mark, e.g. where the opponent's last play landed. */
  readonly highlight?: ReadonlySet<number>;
}

/** A press on the board moves only past this many CSS pixels; less is a tap. */
const DRAG_SLOP = 6;

interface Drag {
  readonly from: number;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** Whether `from` was already picked when the pointer went down (a tap then puts it back). */
  readonly wasSelected: boolean;
  moved: boolean;
}

export function BoardView({ picture, interaction, label, highlight }: BoardViewProps) {
  const scene = useMemo(() => boardScene(picture, boardWords()), [picture]);
  const drawing = useMemo(() => scene.children.map(toVNode), [scene]);
  const svg = useRef<SVGSVGElement>(null);
  const latest = useRef(interaction);
  latest.current = interaction;
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const [ghost, setGhost] = useState<Point2 | null>(null);

  /** What pressing `place` does: move the picked checker there, pick it, put it back, or let go. */
  const press = (place: number | null) => {
    const now = latest.current;
    if (now === undefined) return;
    if (place !== null && now.selected !== null && now.targets.has(place)) now.onMove(now.selected, place);
    else if (place !== null && now.sources.has(place)) now.onSelect(place === now.selected ? null : place);
    else if (now.selected !== null) now.onSelect(null);
  };

  /** Whether a press on `place` may start a drag: a source, unless it is where the picked checker may go. */
  const dragsFrom = (place: number | null): place is number => {
    const now = latest.current;
    if (now === undefined || place === null || !now.sources.has(place)) return false;
    return !(now.selected !== null && now.targets.has(place));
  };

  const handlers =
    interaction === undefined
      ? {}
      : {
          onClick(event: MouseEvent) {
            if (swallowClick.current) swallowClick.current = false;
            else press(placeOf(event.target));
          },
          onKeyDown(event: KeyboardEvent) {
            if (event.key === 'Escape' && latest.current?.selected != null) latest.current.onSelect(null);
            if (event.key !== 'Enter' && event.key !== ' ') return;
            const place = placeOf(event.target);
            if (place === null) return;
            event.preventDefault();
            press(place);
          },
          onTouchStart(event: TouchEvent) {
            // A touch on a checker that may move drags it rather than scrolling the page.
            if (dragsFrom(placeOf(event.target))) event.preventDefault();
          },
          onPointerDown(event: PointerEvent) {
            swallowClick.current = false;
            const place = placeOf(event.target);
            if (event.button !== 0 || !dragsFrom(place)) return;
            const now = latest.current!;
            drag.current = {
              from: place,
              pointerId: event.pointerId,
              x: event.clientX,
              y: event.clientY,
              wasSelected: now.selected === place,
              moved: false,
            };
            svg.current?.setPointerCapture?.(event.pointerId);
            if (now.selected !== place) now.onSelect(place);
          },
          onPointerMove(event: PointerEvent) {
            const held = drag.current;
            if (held === null || held.pointerId !== event.pointerId) return;
            if (!held.moved && Math.hypot(event.clientX - held.x, event.clientY - held.y) < DRAG_SLOP) return;
            held.moved = true;
            setGhost(svgPoint(svg.current, event.clientX, event.clientY));
          },
          onPointerUp(event: PointerEvent) {
            const held = drag.current;
            if (held === null || held.pointerId !== event.pointerId) return;
            drag.current = null;
            setGhost(null);
            // The press was handled here; the click that follows it is not another one.
            swallowClick.current = true;
            const now = latest.current;
            if (now === undefined) return;
            const over = placeOf(document.elementFromPoint(event.clientX, event.clientY));
            if (over !== null && over !== held.from && now.targets.has(over)) now.onMove(held.from, over);
            else if (!held.moved && held.wasSelected) now.onSelect(null);
          },
          onPointerCancel() {
            drag.current = null;
            setGhost(null);
          },
        };

  return (
    <svg
      ref={svg}
      class={ghost === null ? 'board-view' : 'board-view board-dragging'}
      viewBox={String(scene.attrs.viewBox)}
      width="100%"
      font-family={String(scene.attrs['font-family'])}
      role={interaction === undefined ? 'img' : 'group'}
      aria-label={label}
      {...handlers}
    >
      {drawing}
      {[...(highlight ?? [])]
        .filter((point) => point >= 1 && point <= 24)
        .map((point) => (
          <rect key={`h${point}`} class="board-highlight" {...placeArea(point)} />
        ))}
      {interaction !== undefined && <Places picture={picture} interaction={interaction} />}
      {ghost !== null && (
        <circle
          class="board-ghost"
          cx={ghost.x}
          cy={ghost.y}
          r={CHECKER_RADIUS}
          fill={CHECKER_COLOURS[picture.perspective].fill}
          stroke={CHECKER_COLOURS[picture.perspective].stroke}
        />
      )}
    </svg>
  );
}

/** The ring around the picked checker, and a button over each place that can be pressed now. */
function Places({ picture, interaction }: { readonly picture: BoardPicture; readonly interaction: BoardInteraction }) {
  const { sources, selected, targets } = interaction;
  const side = picture.board[picture.perspective];
  const count = (place: number) => (place === BAR ? side.bar : (side.points[place - 1] ?? 0));
  const places = [BAR, ...Array.from({ length: 24 }, (_, i) => 24 - i), OFF].filter(
    (place) => sources.has(place) || (selected !== null && targets.has(place)),
  );
  const colour = picture.perspective;
  const ring = selected === null ? null : topChecker(selected, count(selected));
  return (
    <g>
      {ring !== null && (
        <>
          <circle class="board-ring-outer" cx={ring.x} cy={ring.y} r={CHECKER_RADIUS + 3} />
          <circle class="board-ring" cx={ring.x} cy={ring.y} r={CHECKER_RADIUS + 3} />
        </>
      )}
      {places.map((place) => {
        const target = selected !== null && targets.has(place);
        const aria = target
          ? { 'aria-label': place === OFF ? t('board.place.bearOff') : t('board.place.moveTo', { point: place }) }
          : {
              'aria-label':
                place === BAR
                  ? t('board.place.fromBar', { count: count(place), colour })
                  : t('board.place.fromPoint', { point: place, count: count(place), colour }),
              'aria-pressed': place === selected,
            };
        return (
          <rect
            key={place}
            class={target ? 'board-place board-target' : 'board-place board-source'}
            {...placeArea(place)}
            role="button"
            tabindex={0}
            data-hit={place}
            {...aria}
          />
        );
      })}
    </g>
  );
}

/** The centre of the checker drawn on top of the viewer's stack of `count` at `place`. */
function topChecker(place: number, count: number): Point2 | null {
  if (count === 0 || place === OFF) return null;
  const index = Math.min(count, MAX_STACK) - 1;
  return place === BAR ? barCheckerCentre('bottom', index) : checkerCentre(slotOfViewerPoint(place), index);
}

/**
 * A node of the scene as a Preact element; a node the viewer can act on says which place it is, and
 * a name (a username) is marked as not to be translated.
 */
function toVNode(node: SvgNode | string): ComponentChild {
  if (typeof node === 'string') return node;
  const props: Record<string, string | number> = { ...node.attrs };
  if (node.hit !== undefined) props['data-hit'] = node.hit.point;
  if (node.verbatim === true) props.translate = 'no';
  return h(node.tag, props, ...node.children.map(toVNode));
}

/** The viewer's place under an element: the nearest one marked with `data-hit`. */
function placeOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const marked = target.closest('[data-hit]');
  return marked === null ? null : Number(marked.getAttribute('data-hit'));
}

/** A point on the screen in the board's own units. */
function svgPoint(svg: SVGSVGElement | null, x: number, y: number): Point2 | null {
  const matrix = svg?.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(x, y).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

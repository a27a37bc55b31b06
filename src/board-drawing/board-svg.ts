/**
 * Draws a BoardPicture as a standalone SVG 1.1 document (docs/architecture.md,
 * "Board pictures"). Pure and deterministic: the same picture gives the same
 * bytes. Made to be embedded anywhere, an e-mail included: explicit size and
 * viewBox, plain fills (no gradients, filters, images, scripts or web fonts),
 * a system font stack, and every text escaped.
 *
 * The drawing is board-scene.ts's, shared with the web client's board; this
 * file only writes its tree out as XML, escaping every text and leaving the
 * hits out.
 */
import type { BoardPicture } from './board-picture.js';
import { boardScene, NOT_XML, type SvgNode } from './board-scene.js';

// What the pictures are drawn with, for those who look at them (the pixel tests among them).
export { BOARD_COLOURS, CHECKER_COLOURS, pointColour } from './board-colours.js';
export { footerOf } from './board-scene.js';

/** The picture as an SVG document (UTF-8 text, with its XML declaration). */
export function renderBoardSvg(picture: BoardPicture): string {
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + serialise(boardScene(picture)) + '\n';
}

/** A node as XML: an empty element when it has no children, its `hit` left out. */
function serialise(node: SvgNode): string {
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? String(value) : escapeText(value)}"`)
    .join('');
  if (node.children.length === 0) return `<${node.tag}${attrs}/>`;
  const content = node.children.map((child) => (typeof child === 'string' ? escapeText(child) : serialise(child)));
  return `<${node.tag}${attrs}>${content.join('')}</${node.tag}>`;
}

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

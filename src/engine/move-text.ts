/**
 * Move text in GNU Backgammon's style: "24/18 13/11", "bar/22*", "6/off",
 * "8/5(2)", "24/14" (one checker playing both dice), "24/18*\/14" (hitting on
 * the way). `formatPlay` follows gnubg 1.07's FormatMove (drawboard.c): moves
 * sorted by source then destination, descending; consecutive steps joined
 * when one's destination is another's source (the intermediate point is kept
 * only when it was a hit); identical paths counted as "(n)"; "*" once per hit
 * point. `parseMoveText` reads that style back into moves.
 */
import { BAR, OFF, type Move, type Position, type Variant } from './types.js';

/**
 * Formats a play. `before` is the position before the play (mover =
 * `player`): in backgammon a destination holding an opposing checker there is
 * a hit and gets "*", as gnubg does. Without `before` no hits are marked.
 */
export function formatPlay(variant: Variant, moves: readonly Move[], before?: Position): string {
  const n = moves.length;
  if (n === 0) return '';
  // An opposing checker on my point q stood there before the play: landing there hit it (gnubg's test).
  const blots = variant === 'backgammon' && before !== undefined ? before.opponent.points : null;

  // Paths [source, ...kept intermediate points..., destination] as rows of `pts` (stride n + 1, length
  // in `len`, 0 = merged away), sorted as gnubg's CompareMovesSimple (source, then destination,
  // descending); insertion sort: there are usually at most four.
  const stride = n + 1;
  const len = scratchLen;
  const pts = scratchPts;
  for (let i = 0; i < n; i++) {
    const from = moves[i].from;
    const to = moves[i].to;
    let j = i;
    while (j > 0) {
      const prev = (j - 1) * stride;
      if (pts[prev] > from || (pts[prev] === from && pts[prev + 1] >= to)) break;
      pts[j * stride] = pts[prev];
      pts[j * stride + 1] = pts[prev + 1];
      j--;
    }
    pts[j * stride] = from;
    pts[j * stride + 1] = to;
  }
  for (let i = 0; i < n; i++) len[i] = 2;

  // Join steps of one checker: a destination that is another move's source.
  for (let i = 0; i < n; i++) {
    if (len[i] === 0) continue;
    const pi = i * stride;
    for (let j = i + 1; j < n; j++) {
      const pj = j * stride;
      if (len[j] === 0 || pts[pi + len[i] - 1] !== pts[pj]) continue;
      const via = pts[pj];
      if (blots !== null && via <= 24 && blots[24 - via] > 0) pts[pi + len[i]++] = pts[pj + 1];
      else pts[pi + len[i] - 1] = pts[pj + 1];
      len[j] = 0;
    }
  }

  let marked = 0; // bit per point already shown with "*"
  let text = '';
  for (let i = 0; i < n; i++) {
    const length = len[i];
    if (length === 0) continue;
    const path = i * stride;
    // Count and drop identical paths further on.
    let count = 1;
    for (let j = i + 1; j < n; j++) {
      if (len[j] !== length) continue;
      const other = j * stride;
      let same = true;
      for (let k = 0; k < length && same; k++) same = pts[path + k] === pts[other + k];
      if (same) {
        count++;
        len[j] = 0;
      }
    }
    const last = length - 1;
    const from = pts[path];
    const dest = pts[path + last];
    if (last === 1 && isPoint(from) && isPoint(dest)) {
      // One step (the usual case): a single precomputed string, separator included.
      const hit = hitsBlot(blots, dest) && (marked & (1 << dest)) === 0;
      if (hit) marked |= 1 << dest;
      text += STEP_TEXT[(text === '' ? 0 : 2) + (hit ? 1 : 0)][from * 26 + dest];
    } else {
      if (text !== '') text += ' ';
      text += POINT_TEXT[from];
      for (let k = 1; k < last; k++) {
        const via = pts[path + k];
        text += '/' + POINT_TEXT[via] + '*';
        marked |= 1 << via;
      }
      text += '/' + POINT_TEXT[dest];
      if (hitsBlot(blots, dest) && (marked & (1 << dest)) === 0) {
        text += '*';
        marked |= 1 << dest;
      }
    }
    if (count > 1) text += '(' + count + ')';
  }
  return text;
}

/** Scratch rows of formatPlay (synchronous, never re-entered); plain arrays, which grow as written. */
const scratchLen: number[] = [0, 0, 0, 0];
const scratchPts: number[] = new Array<number>(4 * 5).fill(0);

/** "off", "1".."24", "bar". */
const POINT_TEXT: readonly string[] = Array.from({ length: 26 }, (_, p) =>
  p === OFF ? 'off' : p === BAR ? 'bar' : String(p),
);

/** Landing on my point `dest` hit: an opposing checker stood there before the play (`blots`: its points). */
function hitsBlot(blots: readonly number[] | null, dest: number): boolean {
  return blots !== null && dest >= 1 && dest <= 24 && blots[24 - dest] > 0;
}

/** 0 (off) .. 25 (bar): a point STEP_TEXT has. */
function isPoint(p: number): boolean {
  return p >= 0 && p <= 25 && (p | 0) === p;
}

/**
 * "from/to" of a one-step path by from × 26 + to, in four tables: [plain,
 * with "*", after a space, after a space with "*"].
 */
const STEP_TEXT: readonly (readonly string[])[] = [0, 1, 2, 3].map((kind) =>
  Array.from(
    { length: 26 * 26 },
    (_, i) =>
      (kind >= 2 ? ' ' : '') + POINT_TEXT[Math.floor(i / 26)] + '/' + POINT_TEXT[i % 26] + (kind & 1 ? '*' : ''),
  ),
);

/** A move text that could not be read. `code` is always 'bad-notation'; `index` is where reading failed. */
export class MoveTextError extends Error {
  readonly code = 'bad-notation' as const;
  constructor(
    message: string,
    readonly text: string,
    readonly index: number,
  ) {
    super(message);
    this.name = 'MoveTextError';
  }
}

const TOKEN = /^(bar|off|\d{1,2})(\*?)$/i;

function readPoint(token: string, text: string, index: number, first: boolean): number {
  const m = TOKEN.exec(token);
  if (!m) throw new MoveTextError(`"${token}" is not a point (1-24, bar or off)`, text, index);
  const word = m[1].toLowerCase();
  const n = word === 'bar' ? BAR : word === 'off' ? OFF : Number(word);
  if (n > 25) throw new MoveTextError(`point ${n} is outside 1-24`, text, index);
  if (first && n === OFF) throw new MoveTextError('a move cannot start from off', text, index);
  if (!first && n === BAR) throw new MoveTextError('a move cannot end on the bar', text, index);
  return n;
}

/**
 * Reads gnubg-style move text into moves in the written order: "24/18 13/11",
 * "bar/22*", "6/off", "8/5(2)" (= two moves 8/5), chains "24/18/13" or
 * "24/18*\/13" (= 24/18, 18/13); "25" is the bar, "0" off; moves may be
 * separated by spaces or commas. A move may span several dice ("24/14"):
 * validatePlay splits it. Empty text = no move (a pass).
 * @throws MoveTextError (code 'bad-notation') when the text cannot be read.
 */
export function parseMoveText(text: string): Move[] {
  if (typeof text !== 'string') throw new MoveTextError('move text must be a string', String(text), 0);
  const moves: Move[] = [];
  const re = /[^\s,]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    let chunk = m[0];
    const at = m.index;
    let times = 1;
    const count = /\((\d)\)$/.exec(chunk);
    if (count) {
      times = Number(count[1]);
      if (times < 1 || times > 4) throw new MoveTextError(`repeat count (${times}) must be 1-4`, text, at);
      chunk = chunk.slice(0, count.index);
    }
    const tokens = chunk.split('/');
    if (tokens.length < 2) throw new MoveTextError(`"${m[0]}" is not a move like 24/18`, text, at);
    const points = tokens.map((t, i) => readPoint(t, text, at, i === 0));
    for (let i = 1; i < points.length - 1; i++) {
      if (points[i] === OFF) throw new MoveTextError('nothing can follow off', text, at);
    }
    for (let i = 1; i < points.length; i++) {
      if (points[i] >= points[i - 1]) {
        throw new MoveTextError(`"${m[0]}" does not move toward point 1 (${tokens[i - 1]} to ${tokens[i]})`, text, at);
      }
    }
    for (let r = 0; r < times; r++) {
      for (let i = 1; i < points.length; i++) moves.push(Object.freeze({ from: points[i - 1], to: points[i] }));
    }
  }
  if (moves.length > 4 * 4) throw new MoveTextError('too many moves', text, 0);
  return moves;
}

/** parseMoveText without throwing: the moves, or the reason the text was refused. */
export function tryParseMoveText(
  text: string,
): { ok: true; moves: Move[] } | { ok: false; reason: 'bad-notation'; message: string } {
  try {
    return { ok: true, moves: parseMoveText(text) };
  } catch (e) {
    if (e instanceof MoveTextError) return { ok: false, reason: 'bad-notation', message: e.message };
    throw e;
  }
}

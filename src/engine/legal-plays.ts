/**
 * Every legal play of a position and roll (docs/rules.md C1-C5, B3-B5, N2-N6):
 * maximum dice and the larger-die rule, deduplicated by resulting position.
 * Backgammon agrees with GNU Backgammon 1.07 play for play.
 *
 * The search runs on typed arrays (play-search.ts); only the final,
 * deduplicated plays become public `Play` objects, whose `moves`, `text` and
 * `position` are computed on first access and then cached (they are plain
 * getters on the prototype: use `toJSON()` or read the fields to copy one).
 */
import { BackgammonBoard } from './backgammon.js';
import { validatePosition } from './board.js';
import { myPoint, NardyBoard } from './long-nardy.js';
import { allocInt32, bytesOfLast } from './int32-slab.js';
import { formatPlay } from './move-text.js';
import { PlaySearch } from './play-search.js';
import {
  BAR,
  OFF,
  POINTS,
  type Dice,
  type Move,
  type Play,
  type Position,
  type SideBoard,
  type Variant,
} from './types.js';
import {
  CELLS,
  OPP,
  opponentCells,
  opponentSideFromCells,
  playerSideFromCells,
  STEP_OK,
  WORDS,
  type WorkBoard,
} from './work-board.js';

export interface LegalPlayOptions {
  /** It is this player's first turn of the game (long nardy N5 head exception). */
  readonly firstTurn?: boolean;
}

/** Thrown by legalPlays for a board or dice that cannot be played (a programming or input error, not a rule refusal). */
export class InvalidInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { isInteger } = Number;

const BG_OPPONENT_CELLS = opponentCells((p) => 25 - p);
const NARDY_OPPONENT_CELLS = opponentCells(myPoint);

interface Engine {
  readonly board: WorkBoard;
  readonly search: PlaySearch;
}

function makeEngine(variant: Variant): Engine {
  const board = variant === 'backgammon' ? new BackgammonBoard() : new NardyBoard();
  return { board, search: new PlaySearch(board, variant === 'long-nardy') };
}

const engines = new Map<Variant, Engine>();
function engineFor(variant: Variant): Engine {
  let e = engines.get(variant);
  if (!e) {
    e = makeEngine(variant);
    engines.set(variant, e);
  }
  return e;
}

const scratchBoards = new Map<Variant, WorkBoard>();
/** A shared board for short synchronous replays (never held across calls). */
function scratchFor(variant: Variant): WorkBoard {
  let b = scratchBoards.get(variant);
  if (!b) {
    b = newWorkBoard(variant);
    scratchBoards.set(variant, b);
  }
  return b;
}

/** A fresh board of the variant (for replaying steps outside the search). */
export function newWorkBoard(variant: Variant): WorkBoard {
  return variant === 'backgammon' ? new BackgammonBoard() : new NardyBoard();
}

export function isDie(n: unknown): boolean {
  return typeof n === 'number' && isInteger(n) && n >= 1 && n <= 6;
}

/** Throws InvalidInputError unless the variant, position and dice are well formed. */
export function assertPlayable(variant: Variant, position: Position, dice: Dice): void {
  if (variant !== 'backgammon' && variant !== 'long-nardy') {
    throw new InvalidInputError('bad-variant', `unknown variant ${String(variant)}`);
  }
  const refusal = validatePosition(variant, position);
  if (refusal) throw new InvalidInputError(refusal.code, refusal.message);
  if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
    throw new InvalidInputError('bad-dice', 'dice must be two integers from 1 to 6');
  }
}

/** Frozen moves shared by every play: index from × 26 + to (moves are immutable values). */
const MOVES: readonly Move[] = Array.from({ length: 26 * 26 }, (_, i) =>
  Object.freeze({ from: Math.floor(i / 26), to: i % 26 }),
);

/** Scratch for sorting one play's steps (moves() is synchronous and not re-entered). */
const sortFrom = new Int32Array(4);
const sortDie = new Int32Array(4);

/** The shared Move for sorted step `k` (a step past point 1 bears off). */
function moveOf(from: Int32Array, die: Int32Array, k: number): Move {
  const t = from[k] - die[k];
  return MOVES[from[k] * 26 + (t > 0 ? t : 0)];
}

/** The steps in sorted order, by step count. */
const IDENTITY_ORDERS: readonly (readonly number[])[] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3]];

/**
 * The plays found for one position and roll, as compact arrays (internal:
 * legalPlays wraps them in Play objects, validatePlay matches boards).
 *
 * All of it lives in one Int32Array `data` (one allocation per search):
 *   [0, WORDS)                      the starting board
 *   WORDS + i × WORDS               the board after play i
 *   stepsAt + 2i, stepsAt + 2i + 1  play i's steps in the order found, a byte
 *                                   each of from and die: from0 | die0 << 8 | from1 << 16 | die1 << 24
 *   countsAt + i                    play i's number of steps
 */
export class PlayList {
  /** Opponent sides built so far, and the word offset of a board with each. */
  #opponents: SideBoard[] | undefined;
  #opponentBases: number[] | undefined;
  /** Cells of the opponent's points 1..24 (work-board.ts opponentCells). */
  private readonly opponentCells: readonly number[];
  private readonly stepsAt: number;
  private readonly countsAt: number;

  constructor(
    readonly variant: Variant,
    readonly before: Position,
    readonly count: number,
    readonly diceUsed: number,
    /** Checkers allowed off the head (long nardy: 1, or 2 under N5). */
    readonly headLimit: number,
    private readonly data: Int32Array,
    /** The bytes of `data`'s buffer (`data` starts at its byteOffset). */
    private readonly bytes: Int8Array,
  ) {
    this.opponentCells = variant === 'backgammon' ? BG_OPPONENT_CELLS : NARDY_OPPONENT_CELLS;
    this.stepsAt = WORDS + count * WORDS;
    this.countsAt = this.stepsAt + 2 * count;
  }

  /** Copies the search's kept plays (the first `count`) and the starting board into a new list. */
  static fromSearch(
    variant: Variant,
    before: Position,
    count: number,
    headLimit: number,
    search: PlaySearch,
    startBoard: WorkBoard,
  ): PlayList {
    const boards = count * WORDS;
    const data = allocInt32(WORDS + boards + 3 * count);
    data.set(startBoard.words);
    data.set(search.snapshots.subarray(0, boards), WORDS);
    const steps = search.steps;
    const counts = search.stepCounts;
    const stepsAt = WORDS + boards;
    const countsAt = stepsAt + 2 * count;
    for (let i = 0; i < count; i++) {
      const n = counts[i];
      const b = i * 8;
      // Steps past n stay 0 (the search's buffer holds stale values there).
      let lo = 0;
      let hi = 0;
      for (let k = 0; k < n; k++) {
        const step = steps[b + 2 * k] | (steps[b + 2 * k + 1] << 8);
        if (k < 2) lo |= step << (16 * k);
        else hi |= step << (16 * (k - 2));
      }
      data[stepsAt + 2 * i] = lo;
      data[stepsAt + 2 * i + 1] = hi;
      data[countsAt + i] = n;
    }
    return new PlayList(variant, before, count, search.diceUsed, headLimit, data, bytesOfLast());
  }

  /** A new board in the starting position, ready to replay steps (head limit set). */
  startingBoard(): WorkBoard {
    return this.reset(newWorkBoard(this.variant));
  }

  /** Puts `b` (a board of this variant) in the starting position, head limit set. */
  private reset(b: WorkBoard): WorkBoard {
    const w = b.words;
    const d = this.data;
    for (let k = 0; k < WORDS; k++) w[k] = d[k];
    b.restate();
    if (b instanceof NardyBoard) b.headLimit = this.headLimit;
    return b;
  }

  /** Index of the play leading to the board `words` (WORDS ints), or -1. */
  indexOf(words: Int32Array): number {
    const s = this.data;
    outer: for (let i = 0; i < this.count; i++) {
      const base = WORDS + i * WORDS;
      for (let k = 0; k < WORDS; k++) if (s[base + k] !== words[k]) continue outer;
      return i;
    }
    return -1;
  }

  /**
   * Index of the play whose canonical moves are exactly `moves` (a stored
   * play, as `playEventFor` gives it), or -1: the fast path of a replay. The
   * moves are made on a scratch board in the starting position without rule
   * checks, to find the candidate by its resulting board; the candidate counts
   * only when its own canonical moves are `moves`. So -1 says nothing about
   * legality: validatePlay judges any other submission (any legal order, or
   * why not), and correctness never rests on this shortcut.
   */
  indexOfMoves(moves: readonly Move[]): number {
    const board = this.reset(scratchFor(this.variant));
    const cells = board.cells;
    const backgammon = this.variant === 'backgammon';
    const maxFrom = backgammon ? BAR : POINTS;
    for (const move of moves) {
      if (move === null || typeof move !== 'object') return -1;
      const { from, to } = move;
      if (!isInteger(from) || !isInteger(to) || from < 1 || from > maxFrom || to < OFF || to >= from) return -1;
      if (cells[from] === 0) return -1;
      cells[from]--;
      if (to === OFF) {
        cells[OFF]++;
        continue;
      }
      const blockers = cells[OPP + to];
      if (backgammon && blockers === 1) {
        cells[OPP + to] = 0;
        cells[OPP + BAR]++;
      } else if (blockers > 0) {
        return -1;
      }
      cells[to]++;
    }
    const index = this.indexOf(board.words);
    return index >= 0 && sameMoves(this.moves(index), moves) ? index : -1;
  }

  /** The position on `board`, a board of this list's variant (part way through a play, say), the mover still `player`. */
  positionOn(board: WorkBoard): Position {
    const player = playerSideFromCells(board.cells, 0);
    return Object.freeze({ player, opponent: opponentSideFromCells(board.cells, 0, this.opponentCells) });
  }

  /** The position after play `index`, the mover still `player`. */
  position(index: number): Position {
    const at = this.data.byteOffset + CELLS + index * CELLS;
    const player = playerSideFromCells(this.bytes, at);
    return Object.freeze({ player, opponent: this.opponentAt(WORDS + index * WORDS, at) });
  }

  /**
   * The frozen opponent side of the board at word `base` of `data` (byte `at`
   * of `bytes`), shared by every play that leaves the opponent the same: all
   * of them in long nardy; in backgammon all but those that hit, which share
   * one per set of blots hit.
   */
  private opponentAt(base: number, at: number): SideBoard {
    const d = this.data;
    const bases = (this.#opponentBases ??= []);
    const sides = (this.#opponents ??= []);
    outer: for (let i = 0; i < bases.length; i++) {
      const other = bases[i];
      for (let k = WORDS / 2; k < WORDS; k++) if (d[base + k] !== d[other + k]) continue outer;
      return sides[i];
    }
    const side = opponentSideFromCells(this.bytes, at, this.opponentCells);
    bases.push(base);
    sides.push(side);
    return side;
  }

  /**
   * The play's moves in canonical order: by from descending, then to
   * descending (gnubg's order), if that order is legal step by step;
   * otherwise (a long-nardy block can force an order) the first legal
   * ordering in that sort's permutation order. The Move objects are shared.
   */
  moves(index: number): readonly Move[] {
    const d = this.data;
    const n = d[this.countsAt + index];
    const lo = d[this.stepsAt + 2 * index];
    const hi = d[this.stepsAt + 2 * index + 1];
    // Sort the steps (insertion sort of at most four) by from, to, die: all descending.
    const from = sortFrom;
    const die = sortDie;
    let reordered = false;
    for (let i = 0; i < n; i++) {
      const word = i < 2 ? lo : hi;
      const shift = (i & 1) * 16;
      const f = (word >>> shift) & 0xff;
      const dd = (word >>> (shift + 8)) & 0xff;
      const t = f - dd > 0 ? f - dd : 0;
      let j = i;
      while (j > 0) {
        const pf = from[j - 1];
        const pt = pf - die[j - 1] > 0 ? pf - die[j - 1] : 0;
        if (pf > f || (pf === f && (pt > t || (pt === t && die[j - 1] >= dd)))) break;
        from[j] = pf;
        die[j] = die[j - 1];
        j--;
      }
      if (j !== i) reordered = true;
      from[j] = f;
      die[j] = dd;
    }
    // The order found was legal step by step: only a different one needs checking.
    let order = IDENTITY_ORDERS[n];
    if (reordered && !this.isLegalOrder(from, die, order)) order = this.firstLegalOrder(from, die, n) ?? order;
    const o = order;
    // Array literals (packed elements: cheaper to freeze than a filled new Array(n)).
    let moves: Move[];
    if (n === 1) moves = [moveOf(from, die, o[0])];
    else if (n === 2) moves = [moveOf(from, die, o[0]), moveOf(from, die, o[1])];
    else if (n === 3) moves = [moveOf(from, die, o[0]), moveOf(from, die, o[1]), moveOf(from, die, o[2])];
    else if (n === 4)
      moves = [moveOf(from, die, o[0]), moveOf(from, die, o[1]), moveOf(from, die, o[2]), moveOf(from, die, o[3])];
    else moves = [];
    return Object.freeze(moves);
  }

  private isLegalOrder(from: ArrayLike<number>, die: ArrayLike<number>, order: readonly number[]): boolean {
    const b = this.reset(scratchFor(this.variant));
    for (let i = 0; i < order.length; i++) if (b.tryMake(from[order[i]], die[order[i]], i) !== STEP_OK) return false;
    return true;
  }

  /** The first step order, in permutation order of the sorted steps, that is legal step by step. */
  private firstLegalOrder(from: ArrayLike<number>, die: ArrayLike<number>, n: number): number[] | null {
    const order: number[] = [];
    const used = [false, false, false, false];
    const visit = (): number[] | null => {
      if (order.length === n) return this.isLegalOrder(from, die, order) ? order.slice() : null;
      for (let i = 0; i < n; i++) {
        if (used[i]) continue;
        used[i] = true;
        order.push(i);
        const found = visit();
        order.pop();
        used[i] = false;
        if (found) return found;
      }
      return null;
    };
    return visit();
  }
}

/** Whether `submitted` (untrusted values) are the same moves as `canonical`, in the same order. */
function sameMoves(canonical: readonly Move[], submitted: readonly Move[]): boolean {
  if (canonical.length !== submitted.length) return false;
  for (let i = 0; i < canonical.length; i++) {
    const x = canonical[i];
    const y = submitted[i];
    if (y === null || typeof y !== 'object' || x.from !== y.from || x.to !== y.to) return false;
  }
  return true;
}

/** Runs the search for a validated position; the internal entry point of legalPlays and validatePlay. */
export function findPlays(variant: Variant, position: Position, dice: Dice, options?: LegalPlayOptions): PlayList {
  const { board, search } = engineFor(variant);
  board.load(position);
  const [d1, d2] = dice;
  let headLimit = 1;
  if (board instanceof NardyBoard) {
    board.headLimit = 1;
    runNardy(board, search, d1, d2);
    if (options?.firstTurn && d1 === d2 && search.diceUsed < 4) {
      // N5: on the first turn a double may take a second checker off the head if that uses more dice.
      const withOne = search.diceUsed;
      board.headLimit = 2;
      runNardy(board, search, d1, d2);
      if (search.diceUsed > withOne) {
        headLimit = 2;
      } else {
        board.headLimit = 1;
        runNardy(board, search, d1, d2);
      }
    }
  } else {
    search.run(d1, d2);
  }
  // No legal play: an empty list (the search kept the unchanged board as its only 0-dice "play").
  const n = search.diceUsed === 0 ? 0 : search.count;
  return PlayList.fromSearch(variant, position, n, headLimit, search, board);
}

function runNardy(board: NardyBoard, search: PlaySearch, d1: number, d2: number): void {
  board.sixBlockSeen = false;
  search.run(d1, d2);
  if (d1 === d2 && board.sixBlockSeen) search.runUnpruned(d1);
}

/** One legal play; fields are computed from the PlayList on first access. */
class LegalPlay implements Play {
  #moves: readonly Move[] | undefined;
  #text: string | undefined;
  #position: Position | undefined;

  constructor(
    private readonly list: PlayList,
    private readonly index: number,
  ) {}

  get moves(): readonly Move[] {
    return (this.#moves ??= this.list.moves(this.index));
  }

  get text(): string {
    return (this.#text ??= formatPlay(this.list.variant, this.moves, this.list.before));
  }

  get position(): Position {
    return (this.#position ??= this.list.position(this.index));
  }

  toJSON(): { moves: readonly Move[]; text: string; position: Position } {
    return { moves: this.moves, text: this.text, position: this.position };
  }
}

/** Wraps entry `index` of a PlayList as a public Play. */
export function playAt(list: PlayList, index: number): Play {
  return new LegalPlay(list, index);
}

/**
 * Every legal play of `position` (player to move) with `dice`, one per
 * distinct resulting position; [] when the roll cannot be played.
 * @throws InvalidInputError for an invalid position or dice.
 */
export function legalPlays(variant: Variant, position: Position, dice: Dice, options?: LegalPlayOptions): Play[] {
  assertPlayable(variant, position, dice);
  const list = findPlays(variant, position, dice, options);
  if (list.diceUsed === 0) return [];
  const plays = new Array<Play>(list.count);
  for (let i = 0; i < list.count; i++) plays[i] = new LegalPlay(list, i);
  return plays;
}

/**
 * Every legal play of a position and roll (RULES.md C1-C5, B3-B5, N2-N6):
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
import { formatPlay } from './notation/move-text.js';
import { PlaySearch } from './play-search.js';
import type { Dice, Move, Play, Position, SideBoard, Variant } from './types.js';
import { CELLS, opponentSideFromCells, playerSideFromCells, STEP_OK, WORDS, type WorkBoard } from './work-board.js';

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

const bgPointOf = (p: number): number => 25 - p;

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
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 6;
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

/**
 * The plays found for one position and roll, as compact arrays (internal:
 * legalPlays wraps them in Play objects, validatePlay matches boards).
 */
export class PlayList {
  #bytes: Int8Array | undefined;
  #opponent: SideBoard | undefined;
  private readonly startWords: Int32Array;
  private readonly myPointOf: (p: number) => number;

  constructor(
    readonly variant: Variant,
    readonly before: Position,
    readonly count: number,
    readonly diceUsed: number,
    /** Checkers allowed off the head (long nardy: 1, or 2 under N5). */
    readonly headLimit: number,
    readonly boards: Int32Array,
    /** Per play 4 × (from, die) in the order found. */
    readonly steps: Int8Array,
    readonly stepCounts: Int8Array,
    startBoard: WorkBoard,
  ) {
    this.startWords = startBoard.words.slice();
    this.myPointOf = variant === 'backgammon' ? bgPointOf : myPoint;
  }

  /** A new board in the starting position, ready to replay steps (head limit set). */
  startingBoard(): WorkBoard {
    return this.reset(newWorkBoard(this.variant));
  }

  /** Puts `b` (a board of this variant) in the starting position, head limit set. */
  private reset(b: WorkBoard): WorkBoard {
    b.words.set(this.startWords);
    b.restate();
    if (b instanceof NardyBoard) b.headLimit = this.headLimit;
    return b;
  }

  /** Index of the play leading to the board `words` (WORDS ints), or -1. */
  indexOf(words: Int32Array): number {
    const s = this.boards;
    outer: for (let i = 0; i < this.count; i++) {
      const base = i * WORDS;
      for (let k = 0; k < WORDS; k++) if (s[base + k] !== words[k]) continue outer;
      return i;
    }
    return -1;
  }

  /** The resulting boards as bytes (CELLS per play). */
  get bytes(): Int8Array {
    return (this.#bytes ??= new Int8Array(this.boards.buffer, this.boards.byteOffset, this.boards.byteLength));
  }

  /** The position after play `index`, the mover still `player`. */
  position(index: number): Position {
    const bytes = this.bytes;
    const offset = index * CELLS;
    // Most plays leave the opponent as it was (always in long nardy): share one frozen side.
    let unchanged = true;
    const s = this.startWords;
    const b = this.boards;
    for (let k = WORDS / 2; k < WORDS && unchanged; k++) unchanged = b[index * WORDS + k] === s[k];
    const opponent = unchanged
      ? (this.#opponent ??= opponentSideFromCells(bytes, offset, this.myPointOf))
      : opponentSideFromCells(bytes, offset, this.myPointOf);
    return Object.freeze({ player: playerSideFromCells(bytes, offset), opponent });
  }

  /**
   * The play's moves in canonical order: by from descending, then to
   * descending (gnubg's order), if that order is legal step by step;
   * otherwise (a long-nardy block can force an order) the first legal
   * ordering in that sort's permutation order.
   */
  moves(index: number): readonly Move[] {
    const n = this.stepCounts[index];
    const base = index * 8;
    // Sort the steps (insertion sort of at most four) by from, to, die: all descending.
    const from = [0, 0, 0, 0];
    const die = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      const f = this.steps[base + 2 * i];
      const d = this.steps[base + 2 * i + 1];
      const t = f - d > 0 ? f - d : 0;
      let j = i;
      while (j > 0) {
        const pf = from[j - 1];
        const pt = pf - die[j - 1] > 0 ? pf - die[j - 1] : 0;
        if (pf > f || (pf === f && (pt > t || (pt === t && die[j - 1] >= d)))) break;
        from[j] = pf;
        die[j] = die[j - 1];
        j--;
      }
      from[j] = f;
      die[j] = d;
    }
    let order = [0, 1, 2, 3].slice(0, n);
    if (!this.isLegalOrder(from, die, order)) order = this.firstLegalOrder(from, die, n) ?? order;
    const moves = new Array<Move>(n);
    for (let i = 0; i < n; i++) {
      const f = from[order[i]];
      const t = f - die[order[i]];
      moves[i] = Object.freeze({ from: f, to: t > 0 ? t : 0 });
    }
    return Object.freeze(moves);
  }

  private isLegalOrder(from: readonly number[], die: readonly number[], order: readonly number[]): boolean {
    const b = this.reset(scratchFor(this.variant));
    for (let i = 0; i < order.length; i++) if (b.tryMake(from[order[i]], die[order[i]], i) !== STEP_OK) return false;
    return true;
  }

  /** The first step order, in permutation order of the sorted steps, that is legal step by step. */
  private firstLegalOrder(from: readonly number[], die: readonly number[], n: number): number[] | null {
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
  return new PlayList(
    variant,
    position,
    n,
    search.diceUsed,
    headLimit,
    search.snapshots.slice(0, n * WORDS),
    search.steps.slice(0, n * 8),
    search.stepCounts.slice(0, n),
    board,
  );
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

/**
 * Depth-first search of every play for one roll, on a WorkBoard, with
 * make/unmake and no allocation per step (gnubg's GenerateMoves scheme):
 * - non-doubles are searched in both die orders (larger die first);
 * - doubles only in non-increasing order of the point moved from, which finds
 *   every distinct play once; in long nardy a six-block refusal can make the
 *   order matter, so when one is met the search is redone without that pruning;
 * - a sequence is recorded when it cannot go on (all dice used or none
 *   playable); only the best by (dice used, then pips when a single die of a
 *   non-double is played = larger-die rule) are kept;
 * - results are deduplicated by resulting position: Zobrist hash in an
 *   open-addressing table, confirmed by comparing the 64-byte boards.
 * Bearing off the 15th checker counts as all dice used in long nardy (C3);
 * in backgammon the count is gnubg's (dice actually moved).
 */
import { STEP_OK, WORDS, type WorkBoard } from './work-board.js';

export class PlaySearch {
  /** Dice of the current order, one per step. */
  private readonly dice = new Int8Array(4);
  private nDice = 0;
  private double = false;
  private prune = true;

  /** Kept plays: count, resulting boards (WORDS ints each), steps (from, die pairs), steps used, pips. */
  count = 0;
  private maxKey = -1;
  private capacity = 256;
  snapshots = new Int32Array(this.capacity * WORDS);
  steps = new Int8Array(this.capacity * 8);
  stepCounts = new Int8Array(this.capacity);
  private pips = new Int8Array(this.capacity);
  private hashes = new Int32Array(this.capacity);
  /** Dice the kept plays use (C3: the maximum). */
  diceUsed = 0;

  private tableMask = 1023;
  private table = new Int32Array(1024);
  private stamps = new Int32Array(1024);
  private stamp = 1;

  constructor(
    readonly board: WorkBoard,
    private readonly finishCountsAllDice: boolean,
  ) {}

  /** Finds all plays of dice d1, d2 from the board's current position. */
  run(d1: number, d2: number): void {
    this.reset();
    if (d1 === d2) {
      this.double = true;
      this.nDice = 4;
      this.dice.fill(d1);
      this.prune = true;
      this.dfs(0, 25, 0);
    } else {
      this.double = false;
      this.nDice = 2;
      const hi = d1 > d2 ? d1 : d2;
      const lo = d1 > d2 ? d2 : d1;
      this.dice[0] = hi;
      this.dice[1] = lo;
      this.dfs(0, 25, 0);
      this.dice[0] = lo;
      this.dice[1] = hi;
      this.dfs(0, 25, 0);
    }
  }

  /** Redoes a doubles search without the non-increasing-order pruning. */
  runUnpruned(d: number): void {
    this.reset();
    this.double = true;
    this.nDice = 4;
    this.dice.fill(d);
    this.prune = false;
    this.dfs(0, 25, 0);
  }

  private reset(): void {
    this.count = 0;
    this.maxKey = -1;
    this.diceUsed = 0;
    this.nextStamp();
  }

  private nextStamp(): void {
    if (++this.stamp >= 0x3fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  private dfs(depth: number, maxFrom: number, pips: number): void {
    if (depth === this.nDice) {
      this.save(depth, pips);
      return;
    }
    const b = this.board;
    const c = b.cells;
    const die = this.dice[depth];
    let moved = false;
    if (c[25] > 0) {
      if (b.tryMake(25, die, depth) === STEP_OK) {
        moved = true;
        this.dfs(depth + 1, 24, pips + die);
        b.unmake(depth);
      }
    } else {
      const next = this.double && this.prune;
      for (let from = maxFrom > 24 ? 24 : maxFrom; from >= 1; from--) {
        if (c[from] <= 0) continue;
        if (b.tryMake(from, die, depth) !== STEP_OK) continue;
        moved = true;
        this.dfs(depth + 1, next ? from : 24, pips + die);
        b.unmake(depth);
      }
    }
    if (!moved) this.save(depth, pips);
  }

  private save(depth: number, pips: number): void {
    const b = this.board;
    const used = this.finishCountsAllDice && b.finished() ? this.nDice : depth;
    const key = used * 8 + (used === 1 && !this.double ? pips : 0);
    if (key < this.maxKey) return;
    if (key > this.maxKey) {
      this.count = 0;
      this.nextStamp();
      this.maxKey = key;
      this.diceUsed = used;
    }
    const h = b.hash;
    const words = b.words;
    let slot = (h ^ (h >>> 16)) & this.tableMask;
    while (this.stamps[slot] === this.stamp) {
      const idx = this.table[slot];
      if (this.hashes[idx] === h && this.sameBoard(idx, words)) {
        // gnubg keeps the first sequence found unless a later one moves more steps or pips.
        if (depth > this.stepCounts[idx] || pips > this.pips[idx]) this.storeSteps(idx, depth, pips);
        return;
      }
      slot = (slot + 1) & this.tableMask;
    }
    if (this.count === this.capacity) this.grow();
    const idx = this.count++;
    this.hashes[idx] = h;
    this.snapshots.set(words, idx * WORDS);
    this.storeSteps(idx, depth, pips);
    this.stamps[slot] = this.stamp;
    this.table[slot] = idx;
    if (this.count * 2 > this.tableMask) this.growTable();
  }

  private sameBoard(idx: number, words: Int32Array): boolean {
    const s = this.snapshots;
    const base = idx * WORDS;
    for (let i = 0; i < WORDS; i++) if (s[base + i] !== words[i]) return false;
    return true;
  }

  private storeSteps(idx: number, depth: number, pips: number): void {
    const b = this.board;
    const base = idx * 8;
    for (let i = 0; i < depth; i++) {
      this.steps[base + 2 * i] = b.stepFrom[i];
      this.steps[base + 2 * i + 1] = this.dice[i];
    }
    this.stepCounts[idx] = depth;
    this.pips[idx] = pips;
  }

  private grow(): void {
    const cap = this.capacity * 2;
    const widen = <T extends Int8Array | Int32Array>(a: T, make: (n: number) => T, per: number): T => {
      const n = make(cap * per);
      n.set(a);
      return n;
    };
    this.snapshots = widen(this.snapshots, (n) => new Int32Array(n), WORDS);
    this.steps = widen(this.steps, (n) => new Int8Array(n), 8);
    this.stepCounts = widen(this.stepCounts, (n) => new Int8Array(n), 1);
    this.pips = widen(this.pips, (n) => new Int8Array(n), 1);
    this.hashes = widen(this.hashes, (n) => new Int32Array(n), 1);
    this.capacity = cap;
  }

  private growTable(): void {
    const size = (this.tableMask + 1) * 2;
    this.table = new Int32Array(size);
    this.stamps = new Int32Array(size);
    this.tableMask = size - 1;
    this.stamp++;
    for (let idx = 0; idx < this.count; idx++) {
      const h = this.hashes[idx];
      let slot = (h ^ (h >>> 16)) & this.tableMask;
      while (this.stamps[slot] === this.stamp) slot = (slot + 1) & this.tableMask;
      this.stamps[slot] = this.stamp;
      this.table[slot] = idx;
    }
  }
}

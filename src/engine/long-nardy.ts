/**
 * Long nardy checker-step rules (docs/rules.md N2, N4, N6, C2, C4):
 * - a point is open unless it holds at least one opposing checker; no hits,
 *   no bar; no move past my point 1 except bearing off;
 * - head rule: at most `headLimit` checkers leave my head (my point 24) per
 *   turn (1, or 2 under the first-turn exception N5, decided by the search);
 * - six-block rule, checked after every single step: six or more consecutive
 *   points held by me, counted along the OPPONENT's path (its numbering, no
 *   wrap past its point 1), are legal only if an opposing checker stands past
 *   them (on a lower point of the opponent's numbering) or the opponent has
 *   borne off a checker. A board given with an illegal block already on it
 *   (not reachable in play) is checked whole after every step: only steps
 *   after which no illegal block remains are legal.
 *
 * My point q is the opponent's point q + 12 (q <= 12) or q - 12.
 */
import { POINTS } from './types.js';
import {
  OPP,
  STEP_BLOCKED,
  STEP_HEAD,
  STEP_NO_CHECKER,
  STEP_OK,
  STEP_SIX_BLOCK,
  WorkBoard,
  type StepCode,
} from './work-board.js';

/** My head: every checker starts on my point 24. */
export const HEAD = 24;

/** The opponent's number of my point q. */
export function theirPoint(myPoint: number): number {
  return myPoint <= 12 ? myPoint + 12 : myPoint - 12;
}

/** My number of the opponent's point k. */
export function myPoint(theirs: number): number {
  return theirs > 12 ? theirs - 12 : theirs + 12;
}

export class NardyBoard extends WorkBoard {
  /** Checkers that may leave the head this turn (N4; 2 under N5). */
  headLimit = 1;
  /** Checkers that have left the head so far this turn. */
  headMoves = 0;
  /** The opponent has borne off: no block can be illegal (N6). */
  blockExempt = false;
  /** Lowest point (opponent's numbering) holding an opposing checker; 25 if none. */
  opponentLowest = 25;
  /** The loaded position already had an illegal block: check the whole board after every step. */
  illegalBlockAtStart = false;
  /** Set when a step was refused by the six-block rule (the search uses it to drop its doubles pruning). */
  sixBlockSeen = false;

  myPointOf(opponentPoint: number): number {
    return myPoint(opponentPoint);
  }

  protected override afterLoad(): void {
    const c = this.cells;
    this.headMoves = 0;
    this.sixBlockSeen = false;
    this.blockExempt = c[OPP] > 0;
    let lowest = 25;
    for (let k = POINTS; k >= 1; k--) if (c[OPP + myPoint(k)] > 0) lowest = k;
    this.opponentLowest = lowest;
    this.illegalBlockAtStart = false;
    this.illegalBlockAtStart = this.hasIllegalBlock();
  }

  refusal(from: number, die: number): StepCode {
    const c = this.cells;
    if (from > POINTS || c[from] <= 0) return STEP_NO_CHECKER;
    if (from === HEAD && this.headMoves >= this.headLimit) return STEP_HEAD;
    const to = from - die;
    if (to >= 1) return c[OPP + to] > 0 ? STEP_BLOCKED : STEP_OK;
    return this.bearOffRefusal(from, die);
  }

  tryMake(from: number, die: number, depth: number): StepCode {
    const code = this.refusal(from, die);
    if (code !== STEP_OK) return code;
    const to = this.moveChecker(from, die, depth);
    if (from === HEAD) this.headMoves++;
    if (!this.blockExempt) {
      const illegal = this.illegalBlockAtStart
        ? this.hasIllegalBlock()
        : to >= 1 && this.cells[to] === 1 && this.blockThrough(to);
      if (illegal) {
        this.unmake(depth);
        this.sixBlockSeen = true;
        return STEP_SIX_BLOCK;
      }
    }
    return STEP_OK;
  }

  unmake(depth: number): void {
    if (this.stepFrom[depth] === HEAD) this.headMoves--;
    this.unmoveChecker(depth);
  }

  /** Is the run of my held points through my point t an illegal block? */
  private blockThrough(t: number): boolean {
    const c = this.cells;
    const k = theirPoint(t);
    let lo = k;
    while (lo > 1 && c[myPoint(lo - 1)] > 0) lo--;
    let hi = k;
    while (hi < POINTS && c[myPoint(hi + 1)] > 0) hi++;
    return hi - lo + 1 >= 6 && this.opponentLowest >= lo;
  }

  /** Does the board hold an illegal block anywhere? */
  hasIllegalBlock(): boolean {
    if (this.blockExempt) return false;
    const c = this.cells;
    let run = 0;
    for (let k = 1; k <= POINTS + 1; k++) {
      if (k <= POINTS && c[myPoint(k)] > 0) {
        run++;
      } else {
        if (run >= 6 && this.opponentLowest >= k - run) return true;
        run = 0;
      }
    }
    return false;
  }
}

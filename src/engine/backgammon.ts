/**
 * Backgammon checker-step rules (docs/rules.md B3-B5, C2, C4), as gnubg 1.07
 * applies them: a point is open unless it holds two or more opposing
 * checkers; landing on a blot hits it to its bar; checkers on the bar enter
 * first (die d enters on my point 25 - d); bearing off per C4.
 *
 * My point q is the opponent's point 25 - q.
 */
import { BAR } from './types.js';
import { OPP, STEP_BAR_FIRST, STEP_BLOCKED, STEP_NO_CHECKER, STEP_OK, WorkBoard, type StepCode } from './work-board.js';

export class BackgammonBoard extends WorkBoard {
  myPointOf(opponentPoint: number): number {
    return 25 - opponentPoint;
  }

  refusal(from: number, die: number): StepCode {
    const c = this.cells;
    if (c[from] <= 0) return STEP_NO_CHECKER;
    if (from !== BAR && c[BAR] > 0) return STEP_BAR_FIRST;
    const to = from - die;
    if (to >= 1) return c[OPP + to] >= 2 ? STEP_BLOCKED : STEP_OK;
    return this.bearOffRefusal(from, die);
  }

  tryMake(from: number, die: number, depth: number): StepCode {
    const code = this.refusal(from, die);
    if (code !== STEP_OK) return code;
    const to = this.moveChecker(from, die, depth);
    if (to >= 1 && this.cells[OPP + to] === 1) {
      this.stepHit[depth] = 1;
      this.bump(OPP + to, -1);
      this.bump(OPP + BAR, 1);
    } else {
      this.stepHit[depth] = 0;
    }
    return STEP_OK;
  }

  unmake(depth: number): void {
    if (this.stepHit[depth] === 1) {
      const to = this.stepTo[depth];
      this.bump(OPP + BAR, -1);
      this.bump(OPP + to, 1);
    }
    this.unmoveChecker(depth);
  }
}

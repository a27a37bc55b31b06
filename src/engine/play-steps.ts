/**
 * A play made one checker step at a time, as a board UI builds it (docs/architecture.md "Web client",
 * "Moving checkers"), in the manner of chessops' `chessgroundDests`: the engine says which single-die
 * steps may come next, so the UI writes no rule of its own.
 *
 * A step is one die played by one checker, `{from, to, die}` in the mover's numbering (25 the bar,
 * 0 off). The steps made so far are given in the order made; `next` lists the steps that are legal
 * now (docs/rules.md C2-C4, B3-B5, N2-N6, each checked by the move generator's own step rules) and
 * from which the play can still be finished as one of the legal plays (C1, C5: as many dice as can
 * be played, the larger die when only one can). So a UI that only ever offers `next` can only build
 * a legal play, and can build every legal play in every order a player may make its steps.
 */
import { assertPlayable, findPlays, playAt, type LegalPlayOptions, type PlayList } from './legal-plays.js';
import { type Dice, type Die, type Move, type Play, type Position, type Variant } from './types.js';
import { STEP_OK, type WorkBoard } from './work-board.js';

/** One die played by one checker. */
export interface PlayStep extends Move {
  readonly die: Die;
  /** It hits a lone opposing checker (backgammon; docs/rules.md B3). */
  readonly hits: boolean;
}

/** Where a play stands after the steps made. */
export interface StepsAfter {
  /** The position now, the mover still `player`. */
  readonly position: Position;
  /** The steps that may come next on the way to some legal play, highest `from` first, then highest `to`. */
  readonly next: readonly PlayStep[];
  /** The legal play the steps made amount to (the one to send), or null while none is complete. */
  readonly play: Play | null;
}

/** The highest place a checker can start from (the bar). */
const HIGHEST_FROM = 25;

/**
 * The play after `made` (each a step of an earlier `next`, in the order made) from `position` with
 * `dice`; null when `made` is not a way, step by step, to one of the legal plays.
 * @throws InvalidInputError for an invalid position or dice.
 */
export function stepsAfter(
  variant: Variant,
  position: Position,
  dice: Dice,
  made: readonly Pick<PlayStep, 'from' | 'to' | 'die'>[],
  options?: LegalPlayOptions,
): StepsAfter | null {
  assertPlayable(variant, position, dice);
  const list = findPlays(variant, position, dice, options);
  if (list.diceUsed === 0) {
    // No die can be played: the play is no step at all (C1).
    const none: Play = Object.freeze({ moves: Object.freeze([]), text: '', position });
    return made.length === 0 ? Object.freeze({ position, next: Object.freeze([]), play: none }) : null;
  }
  const walk = new StepWalk(list, dice);
  for (const step of made) if (!walk.make(step)) return null;
  if (!walk.canFinish()) return null;
  return Object.freeze({
    position: list.positionOn(walk.board),
    next: Object.freeze(walk.nextSteps()),
    play: walk.play(),
  });
}

/** A board part way through a play: the dice left, and what can still follow. */
class StepWalk {
  readonly board: WorkBoard;
  private readonly left = new Int8Array(7);
  private depth = 0;
  /** Boards (with the dice left) from which no legal play can be finished: the search looks at each once. */
  private readonly deadEnds = new Set<string>();

  constructor(
    private readonly list: PlayList,
    dice: Dice,
  ) {
    this.board = list.startingBoard();
    if (dice[0] === dice[1]) this.left[dice[0]] = 4;
    else {
      this.left[dice[0]]++;
      this.left[dice[1]]++;
    }
  }

  /** Makes `step` if it is legal now, with its die, and lands where it says. */
  make(step: Pick<PlayStep, 'from' | 'to' | 'die'>): boolean {
    const { from, to, die } = step;
    if (!Number.isInteger(die) || die < 1 || die > 6 || this.left[die] === 0) return false;
    if (!Number.isInteger(from) || from < 1 || from > HIGHEST_FROM || this.depth >= this.list.diceUsed) return false;
    if (this.board.tryMake(from, die, this.depth) !== STEP_OK) return false;
    if (this.board.stepTo[this.depth] !== to) {
      this.board.unmake(this.depth);
      return false;
    }
    this.left[die]--;
    this.depth++;
    return true;
  }

  /** The legal play the board now shows, when the play is complete; else null. */
  play(): Play | null {
    if (!this.complete()) return null;
    const index = this.list.indexOf(this.board.words);
    return index < 0 ? null : playAt(this.list, index);
  }

  /** Every step legal now from which a legal play can still be finished. */
  nextSteps(): PlayStep[] {
    const steps: PlayStep[] = [];
    if (this.complete()) return steps;
    const { board } = this;
    for (let from = HIGHEST_FROM; from >= 1; from--) {
      for (let die = 6; die >= 1; die--) {
        const at = this.depth;
        const step = this.withStep(from, die, () =>
          this.canFinish() ? { from, to: board.stepTo[at], die: die as Die, hits: board.stepHit[at] === 1 } : null,
        );
        if (step) steps.push(Object.freeze(step));
      }
    }
    return steps.sort((a, b) => b.from - a.from || b.to - a.to || b.die - a.die);
  }

  /** Whether some legal play can be finished from the board as it is (depth-first, dead ends kept). */
  canFinish(): boolean {
    if (this.complete()) return this.list.indexOf(this.board.words) >= 0;
    const key = `${this.board.words.join(',')}|${this.left.join('')}`;
    if (this.deadEnds.has(key)) return false;
    for (let die = 6; die >= 1; die--) {
      for (let from = HIGHEST_FROM; from >= 1; from--) {
        if (this.withStep(from, die, () => this.canFinish()) === true) return true;
      }
    }
    this.deadEnds.add(key);
    return false;
  }

  /** Makes the step with `die` from `from`, answers what `then` says with it made, and takes it back; null when it is not legal now. */
  private withStep<T>(from: number, die: number, then: () => T): T | null {
    if (this.left[die] === 0 || this.board.tryMake(from, die, this.depth) !== STEP_OK) return null;
    this.left[die]--;
    this.depth++;
    try {
      return then();
    } finally {
      this.depth--;
      this.left[die]++;
      this.board.unmake(this.depth);
    }
  }

  /**
   * The play has as many steps as the legal plays (they all play the most dice that can be played,
   * C1), or, in long nardy, the last checker is off (the dice left do not count, N7).
   */
  private complete(): boolean {
    return this.depth === this.list.diceUsed || (this.list.variant === 'long-nardy' && this.board.finished());
  }
}

/**
 * The steps of `moves` (single-die moves, in an order legal step by step, as a legal play lists them)
 * with their dice and hits, as `stepsAfter` takes them; null if they are not such a way to a legal play.
 * Where two dice bear the same checker off, the one that lets the rest follow is taken.
 */
export function stepsOfPlay(
  variant: Variant,
  position: Position,
  dice: Dice,
  moves: readonly Move[],
  options?: LegalPlayOptions,
): PlayStep[] | null {
  const realize = (steps: readonly PlayStep[]): PlayStep[] | null => {
    const after = stepsAfter(variant, position, dice, steps, options);
    if (after === null) return null;
    if (steps.length === moves.length) return [...steps];
    const move = moves[steps.length];
    for (const step of after.next) {
      if (step.from !== move.from || step.to !== move.to) continue;
      const found = realize([...steps, step]);
      if (found !== null) return found;
    }
    return null;
  };
  return realize([]);
}

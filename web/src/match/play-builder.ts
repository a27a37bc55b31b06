/**
 * A play built checker by checker on the match page (docs/architecture.md "Web client", "Moving
 * checkers"). The page writes no rule of its own: which single-die steps may come next, and which
 * legal play the steps made amount to, are the engine's (`stepsAfter`, as chessops' dests are for a
 * chess board); the play sent is always the server's listed one for that position
 * (GET /api/matches/{id}/legal-plays), matched by the board it leads to.
 *
 * A click may take one checker several steps at once (24 to 13 with 6-5 plays 24/18/13); where two
 * ways lead there, the one with fewer steps wins, then the one hitting fewer checkers (a hit on the
 * way is made by moving step by step, as gnubg's text writes it: 24/18*\/13).
 *
 * Builders are values: `move`, `undo` and `reset` return a new one.
 */
import {
  stepsAfter,
  type Colour,
  type Dice,
  type Move,
  type PlayStep,
  type Position,
  type StepsAfter,
  type Variant,
} from '../../../src/engine/index.js';
import {
  colourBoard,
  colourBoardKey,
  colourBoardOf,
  positionOf,
  type ColourBoard,
  type ColourBoardInput,
  type PlayerBoardInput,
} from './colour-board.js';
import { diceOf } from './dice.js';

/** What the page needs of a legal play (the API's PlayDto has it): its steps and the board after it. */
export interface LegalPlayShape {
  readonly moves: readonly Move[];
  readonly position: PlayerBoardInput;
}

/** What a builder starts from: the board before the play, who plays, the legal plays and the dice. */
export interface PlayBuilderInput<P extends LegalPlayShape> {
  readonly board: ColourBoardInput;
  readonly variant: Variant;
  readonly player: Colour;
  readonly plays: readonly P[];
  /** The dice to play (MatchLegalPlaysDto.dice); without them no step can be made. */
  readonly dice?: readonly number[] | null;
  /** The mover's first turn of the game (MatchLegalPlaysDto.firstTurn; long nardy N5). */
  readonly firstTurn?: boolean;
}

interface Context<P extends LegalPlayShape> {
  readonly variant: Variant;
  readonly player: Colour;
  readonly plays: readonly P[];
  readonly before: Position;
  readonly dice: Dice | null;
  readonly firstTurn: boolean;
  /** The listed plays by the board they lead to. */
  readonly byBoard: ReadonlyMap<string, P>;
}

export class PlayBuilder<P extends LegalPlayShape> {
  /** The board after the steps made. */
  readonly current: ColourBoard;
  private readonly after: StepsAfter;

  private constructor(
    private readonly context: Context<P>,
    /** The steps made, one group per `move` (one step, or a checker's chain of steps). */
    readonly groups: readonly (readonly PlayStep[])[],
    after: StepsAfter | null = null,
  ) {
    this.after = after ?? stepsOf(context, groups.flat());
    this.current = colourBoardOf(this.after.position, context.player);
  }

  /** A builder with no step made yet. */
  static start<P extends LegalPlayShape>(input: PlayBuilderInput<P>): PlayBuilder<P> {
    const { variant, player, plays } = input;
    const dice = diceOf(input.dice);
    const byBoard = new Map(plays.map((play) => [colourBoardKey(colourBoardOf(play.position, player)), play]));
    const before = positionOf(colourBoard(input.board), player);
    const firstTurn = input.firstTurn ?? false;
    return new PlayBuilder({ variant, player, plays, before, dice, firstTurn, byBoard }, []);
  }

  /** The steps made, in the order made. */
  get steps(): readonly PlayStep[] {
    return this.groups.flat();
  }

  /** The roll it builds with (null: none to play). */
  get dice(): Dice | null {
    return this.context.dice;
  }

  /** The legal plays it builds from. */
  get plays(): readonly P[] {
    return this.context.plays;
  }

  /** The board after the steps made. */
  board(): ColourBoard {
    return this.current;
  }

  /** The only legal play, when there is exactly one (the page may offer it at once); else null. */
  onlyPlay(): P | null {
    return this.context.plays.length === 1 ? this.context.plays[0] : null;
  }

  /** Own points (25 = bar) from which a next step of some legal play can be made now, highest first. */
  sources(): number[] {
    return [...new Set(this.after.next.map((step) => step.from))];
  }

  /** The single-die steps a checker on `from` may make now, the larger die first. */
  stepsFrom(from: number): PlayStep[] {
    return this.after.next.filter((step) => step.from === from).sort((a, b) => b.die - a.die);
  }

  /**
   * Which of the two dice the steps made have played, for drawing them faded: a die of a roll once a
   * step used it; of a double, the first after two steps, the second after four.
   */
  usedDice(): readonly [boolean, boolean] {
    const dice = this.context.dice;
    const steps = this.steps;
    if (dice === null) return [false, false];
    if (dice[0] === dice[1]) return [steps.length >= 2, steps.length >= 4];
    return [steps.some((step) => step.die === dice[0]), steps.some((step) => step.die === dice[1])];
  }

  /**
   * Where a checker from `from` may go now (0 = off), highest first: the ends of single next steps and of
   * chains of steps of that checker.
   */
  targets(from: number): number[] {
    const to = new Set(this.paths(from).map((path) => path[path.length - 1].to));
    return [...to].sort((a, b) => b - a);
  }

  /**
   * The builder with the checker on `from` moved to `to`, in one step or a chain (see the module
   * comment); null when no legal play moves a checker so.
   */
  move(from: number, to: number): PlayBuilder<P> | null {
    let best: readonly PlayStep[] | null = null;
    const hits = (path: readonly PlayStep[]) => path.filter((step) => step.hits).length;
    for (const path of this.paths(from)) {
      if (path[path.length - 1].to !== to) continue;
      if (best === null || path.length < best.length || (path.length === best.length && hits(path) < hits(best))) {
        best = path;
      }
    }
    return best === null ? null : new PlayBuilder(this.context, [...this.groups, best]);
  }

  /** The builder without the last step or chain made (itself when nothing was made). */
  undo(): PlayBuilder<P> {
    return this.groups.length === 0 ? this : new PlayBuilder(this.context, this.groups.slice(0, -1));
  }

  /** The builder with no step made. */
  reset(): PlayBuilder<P> {
    return this.groups.length === 0 ? this : new PlayBuilder(this.context, []);
  }

  /** The legal play the steps made amount to (the listed one, to send), or null while none is complete. */
  complete(): P | null {
    const { play } = this.after;
    if (play === null || (play.moves.length === 0 && this.context.plays.length === 0)) return null;
    return this.context.byBoard.get(colourBoardKey(colourBoardOf(play.position, this.context.player))) ?? null;
  }

  /** Whether some step can still be made. */
  canMove(): boolean {
    return this.after.next.length > 0;
  }

  /** Every chain of steps (one step or more) a checker on `from` can make now on the way to a legal play. */
  private paths(from: number): PlayStep[][] {
    const found: PlayStep[][] = [];
    const walk = (made: readonly PlayStep[], point: number, next: readonly PlayStep[], path: PlayStep[]): void => {
      for (const step of next) {
        if (step.from !== point) continue;
        const chain = [...path, step];
        found.push(chain);
        if (step.to === 0) continue;
        const onward = stepsOf(this.context, [...made, step]);
        walk([...made, step], step.to, onward.next, chain);
      }
    };
    walk(this.steps, from, this.after.next, []);
    return found;
  }
}

/** The engine's view of the play after `made`; nothing to make without dice or legal plays. */
function stepsOf<P extends LegalPlayShape>(context: Context<P>, made: readonly PlayStep[]): StepsAfter {
  const { variant, before, dice, firstTurn, plays } = context;
  const after = dice === null || plays.length === 0 ? null : stepsAfter(variant, before, dice, made, { firstTurn });
  return after ?? { position: before, next: [], play: null };
}

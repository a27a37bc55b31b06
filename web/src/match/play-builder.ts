/**
 * A play built checker by checker on the match page from the server's legal plays
 * (GET /api/matches/{id}/legal-plays); the page never judges legality itself (docs/architecture.md
 * "Web client", "Moving checkers").
 *
 * The steps made so far are a multiset: a legal play is still possible while they are contained in the
 * steps of one of its splits (play-splits.ts: the listed steps, and any other single-die steps leading to
 * the same position), whatever order they were made in. A next step may start where the player has a
 * checker now, and only from the bar while a checker of theirs is there (docs/rules.md B4). A click may
 * take one checker several steps at once (24 to 13 with 6-5 plays 24/18/13); where two ways lead there,
 * the one with fewer steps wins, then the one hitting fewer checkers (a hit on the way is made by moving
 * step by step, as gnubg's text writes it: 24/18*\/13).
 *
 * Builders are values: `move`, `undo` and `reset` return a new one.
 */
import type { Colour, Move, Variant } from '../../../src/engine/index.js';
import { applySteps, canStepFrom, hitsOf } from './board-steps.js';
import { colourBoard, type ColourBoard, type ColourBoardInput } from './colour-board.js';
import { playSplits, stepsKey, type LegalPlayShape, type PlaySplit } from './play-splits.js';

/** What a builder starts from: the board before the play, who plays, the legal plays and the dice. */
export interface PlayBuilderInput<P extends LegalPlayShape> {
  readonly board: ColourBoardInput;
  readonly variant: Variant;
  readonly player: Colour;
  readonly plays: readonly P[];
  /** The dice to play (MatchLegalPlaysDto.dice); without them only the listed steps of each play count. */
  readonly dice?: readonly number[] | null;
}

interface Context<P extends LegalPlayShape> {
  readonly board: ColourBoard;
  readonly variant: Variant;
  readonly player: Colour;
  readonly plays: readonly P[];
  readonly splits: readonly PlaySplit<P>[];
}

/** A split still possible after the steps made, with the steps it has left. */
interface Open<P extends LegalPlayShape> {
  readonly split: PlaySplit<P>;
  readonly left: readonly Move[];
}

export class PlayBuilder<P extends LegalPlayShape> {
  /** The board after the steps made. */
  readonly current: ColourBoard;
  private readonly open: readonly Open<P>[];

  private constructor(
    private readonly context: Context<P>,
    /** The steps made, one group per `move` (one step, or a checker's chain of steps). */
    readonly groups: readonly (readonly Move[])[],
  ) {
    const made = groups.flat();
    this.current = applySteps(context.board, context.variant, context.player, made);
    this.open = context.splits.flatMap((split) => {
      const left = without(split.steps, made);
      return left === null ? [] : [{ split, left }];
    });
  }

  /** A builder with no step made yet. */
  static start<P extends LegalPlayShape>(input: PlayBuilderInput<P>): PlayBuilder<P> {
    const board = colourBoard(input.board);
    const splits = playSplits(board, input.variant, input.player, input.plays, input.dice);
    return new PlayBuilder({ board, variant: input.variant, player: input.player, plays: input.plays, splits }, []);
  }

  /** The steps made, in the order made. */
  get steps(): readonly Move[] {
    return this.groups.flat();
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
    const from = new Set<number>();
    for (const { left } of this.open) {
      for (const step of left) if (canStepFrom(this.current, this.context.player, step.from)) from.add(step.from);
    }
    return [...from].sort((a, b) => b - a);
  }

  /**
   * Where a checker from `from` may go now (0 = off), highest first: the ends of single next steps and of
   * chains of steps of that checker.
   */
  targets(from: number): number[] {
    const to = new Set<number>();
    for (const path of this.paths(from)) to.add(path[path.length - 1].to);
    return [...to].sort((a, b) => b - a);
  }

  /**
   * The builder with the checker on `from` moved to `to`, in one step or a chain (see the module
   * comment); null when no legal play moves a checker so.
   */
  move(from: number, to: number): PlayBuilder<P> | null {
    const { variant, player } = this.context;
    let best: readonly Move[] | null = null;
    let bestHits = 0;
    for (const path of this.paths(from)) {
      if (path[path.length - 1].to !== to) continue;
      const hits = hitsOf(this.current, variant, player, path);
      if (best === null || path.length < best.length || (path.length === best.length && hits < bestHits)) {
        best = path;
        bestHits = hits;
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

  /** The legal play the steps made amount to (the one to send), or null while none is complete. */
  complete(): P | null {
    const made = stepsKey(this.steps);
    const done = this.open.find(({ split }) => stepsKey(split.steps) === made);
    return done === undefined ? null : done.split.play;
  }

  /** Whether some step can still be made. */
  canMove(): boolean {
    return this.sources().length > 0;
  }

  /** Every chain of steps (one step or more) a checker on `from` can make now in some open split. */
  private paths(from: number): Move[][] {
    const { variant, player } = this.context;
    const found: Move[][] = [];
    const seen = new Set<string>();
    const walk = (board: ColourBoard, point: number, left: readonly Move[], path: Move[]): void => {
      for (let i = 0; i < left.length; i++) {
        const step = left[i];
        if (step.from !== point || !canStepFrom(board, player, point)) continue;
        const next = [...path, step];
        const key = next.map((s) => `${s.from}/${s.to}`).join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          found.push(next);
        }
        if (step.to !== 0) {
          walk(applySteps(board, variant, player, [step]), step.to, [...left.slice(0, i), ...left.slice(i + 1)], next);
        }
      }
    };
    for (const { left } of this.open) walk(this.current, from, left, []);
    return found;
  }
}

/** `steps` without one of each of `made`, or null when `made` is not contained in `steps`. */
function without(steps: readonly Move[], made: readonly Move[]): Move[] | null {
  const left = steps.slice();
  for (const step of made) {
    const at = left.findIndex((s) => s.from === step.from && s.to === step.to);
    if (at < 0) return null;
    left.splice(at, 1);
  }
  return left;
}

/**
 * Look-ahead for the house bot `bot` (docs/bots.md "Deciding"): the chances
 * of a position with its player on roll, judged n plies deep as GNU
 * Backgammon judges them. At 0 ply they are the network's own estimate; at
 * n plies they are the average over the 21 rolls (a double weighs 1/36, any
 * other roll 2/36) of the chances after that side's best play of the roll,
 * the best chosen at 0 ply and then judged n - 1 plies deep from the other
 * side's turn. A roll with no legal play leaves the position as it is, the
 * other side on roll. Pure and deterministic: the same position gives the
 * same chances.
 *
 * Plays are chosen by a `Judge`: each side's value of its own chances after
 * a play (greater is better), so that a match score weighs gammons the way it
 * does for that side.
 */
import { swapSides } from '../board.js';
import { legalPlays } from '../legal-plays.js';
import { CHECKERS_PER_SIDE, type Dice, type Play, type Position } from '../types.js';
import { wonOutcomes, type Evaluator } from './evaluator.js';
import { cubelessEquity, flipOutcomes, newOutcomes, type Outcomes } from './outcomes.js';

/** One of the 21 distinct rolls, with its probability. */
export interface WeightedRoll {
  readonly dice: Dice;
  readonly weight: number;
}

/** The 21 distinct rolls: the six doubles (1/36 each) and the fifteen others (2/36 each). */
export const ROLLS: readonly WeightedRoll[] = Object.freeze(
  (() => {
    const rolls: WeightedRoll[] = [];
    for (let a = 1; a <= 6; a++) {
      for (let b = a; b <= 6; b++) {
        rolls.push(Object.freeze({ dice: Object.freeze([b, a]) as Dice, weight: a === b ? 1 / 36 : 2 / 36 }));
      }
    }
    return rolls;
  })(),
);

/**
 * A look-ahead that went past its evaluator's `evaluationLimit`, or was interrupted: the search
 * gives up that depth (play-choice.ts `searchPlays`). Counting positions rather than milliseconds
 * keeps a decision the same on every machine and every run; the interrupt is the caller's last
 * resort against a loaded machine.
 */
export class LookAheadBudgetError extends Error {
  constructor() {
    super('the look-ahead went past its budget of evaluations');
    this.name = 'LookAheadBudgetError';
  }
}

/** A side's value of its chances after its play (the opponent on roll): greater is better. */
export type ChancesValue = (outcomes: Outcomes) => number;

/** How each side values its chances: `mover` for the side on roll at the root, `other` for its opponent. */
export interface Judge {
  readonly mover: ChancesValue;
  readonly other: ChancesValue;
}

/** Both sides by cubeless money equity (gammons 2, backgammons 3). */
export const MONEY_JUDGE: Judge = Object.freeze({ mover: cubelessEquity, other: cubelessEquity });

/** The same judge with the sides exchanged: how a position is judged one ply further down. */
export function swapJudge(judge: Judge): Judge {
  return { mover: judge.other, other: judge.mover };
}

/**
 * Long nardy's first turn (N5) may let a double take a second checker off the head.
 * A side whose fifteen checkers all stand on its head has not moved yet: the
 * look-ahead takes that for its first turn (a side that could not move at its
 * first turn is the only exception, and it changes no judgement that matters).
 */
function playsOf(evaluator: Evaluator, position: Position, dice: Dice): Play[] {
  if (evaluator.variant === 'long-nardy') {
    const firstTurn = position.player.points[23] === CHECKERS_PER_SIDE;
    return legalPlays('long-nardy', position, dice, { firstTurn });
  }
  return legalPlays('backgammon', position, dice);
}

/**
 * The chances of the mover of `plays` after its best play of them at 0 ply, by `value`,
 * written into `out`; the index of that play is returned (the first of equals, in the engine's order).
 */
export function bestPlayAt0(
  evaluator: Evaluator,
  plays: readonly Play[],
  value: ChancesValue,
  out: Outcomes,
  scratch: Outcomes = newOutcomes(),
): number {
  let best = -1;
  let bestValue = -Infinity;
  evaluator.beginSiblings();
  for (let i = 0; i < plays.length; i++) {
    const v = value(evaluator.siblingOutcomes(plays[i], scratch));
    if (v > bestValue) {
      bestValue = v;
      best = i;
      out.set(scratch);
    }
  }
  return best;
}

/**
 * The chances of `position`'s player, on roll and before rolling, `plies` deep (0: the network's
 * estimate), written into `out`. `judge.mover` chooses the plays of `position`'s player,
 * `judge.other` those of its opponent, level by level.
 */
export function chancesOnRoll(
  evaluator: Evaluator,
  position: Position,
  plies: number,
  judge: Judge,
  out: Outcomes,
): Outcomes {
  if (plies <= 0) return evaluator.evaluate(position, out);
  if (evaluator.evaluations > evaluator.evaluationLimit || evaluator.interrupt?.() === true) {
    throw new LookAheadBudgetError();
  }
  const sum = new Float64Array(5);
  const after = newOutcomes();
  const scratch = newOutcomes();
  for (const { dice, weight } of ROLLS) {
    const plays = playsOf(evaluator, position, dice);
    if (plays.length === 0) {
      // No legal play: the position stands, the other side on roll.
      chancesOnRoll(evaluator, swapSides(position), plies - 1, swapJudge(judge), after);
      flipOutcomes(after, after);
    } else {
      const best = bestPlayAt0(evaluator, plays, judge.mover, after, scratch);
      if (plies > 1) chancesAfterPlay(evaluator, plays[best], plies - 1, judge, after);
    }
    for (let k = 0; k < 5; k++) sum[k] += weight * after[k];
  }
  for (let k = 0; k < 5; k++) out[k] = sum[k];
  return out;
}

/**
 * The mover's chances after `play`, the opponent on roll next, judged `plies` deep (0: the network
 * on the position after it), written into `out`. `judge.mover` is the mover's judge, as in
 * `chancesOnRoll`. A play that bears off the last checker is judged by the rules.
 */
export function chancesAfterPlay(
  evaluator: Evaluator,
  play: Play,
  plies: number,
  judge: Judge,
  out: Outcomes,
): Outcomes {
  const position = play.position;
  if (position.player.off === CHECKERS_PER_SIDE) return wonOutcomes(evaluator.variant, position, out);
  if (plies <= 0) return evaluator.playOutcomes(play, out);
  chancesOnRoll(evaluator, swapSides(position), plies, swapJudge(judge), out);
  return flipOutcomes(out, out);
}

/** One roll of the side on roll, played: its weight, the position after the play and the mover's chances there. */
export interface RollLeaf {
  readonly dice: Dice;
  readonly weight: number;
  /** The position after the play (or as it stood, when the roll has none), the mover still `player`. */
  readonly position: Position;
  /** The mover's chances after the play at 0 ply, the other side on roll. */
  readonly outcomes: Outcomes;
}

/**
 * The 21 rolls of `position`'s player (on roll), each with its best play at 0 ply by `judge.mover`
 * and the chances after it: what the 1-ply chances average, kept apart for the cube, which is judged
 * roll by roll (cube-decision.ts `averageWorth`) so that the rolls that lose the market count.
 */
export function rollLeaves(evaluator: Evaluator, position: Position, judge: Judge): RollLeaf[] {
  const scratch = newOutcomes();
  return ROLLS.map(({ dice, weight }) => {
    const outcomes = newOutcomes();
    const plays = playsOf(evaluator, position, dice);
    if (plays.length === 0) {
      flipOutcomes(evaluator.evaluate(swapSides(position), outcomes), outcomes);
      return { dice, weight, position, outcomes };
    }
    const best = bestPlayAt0(evaluator, plays, judge.mover, outcomes, scratch);
    return { dice, weight, position: plays[best].position, outcomes };
  });
}

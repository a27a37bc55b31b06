import {
  deriveOpeningThrow,
  deriveRoll,
  type Dice,
  type DiceContext,
  type DiceSource,
  type OpeningThrow,
} from '../../engine/index.js';

/**
 * Throws the dice of a match. The service's own roller derives every throw
 * from the match's secret seed, its id, the client seeds and the roll index
 * (docs/dice-fairness.md), so anyone can recompute them once the seed is
 * revealed. Tests put a scripted roller in its place through Nest's provider
 * override; the running service has no setting that does.
 */
export abstract class DiceRoller implements DiceSource {
  /** The opening throw: one die each. */
  abstract opening(context: DiceContext, rollIndex: number): OpeningThrow;
  /** A roll of two dice. */
  abstract roll(context: DiceContext, rollIndex: number): Dice;
}

/** Provably fair dice (docs/dice-fairness.md). */
export class FairDiceRoller extends DiceRoller {
  opening(context: DiceContext, rollIndex: number): OpeningThrow {
    return deriveOpeningThrow(context, rollIndex);
  }

  roll(context: DiceContext, rollIndex: number): Dice {
    return deriveRoll(context, rollIndex);
  }
}

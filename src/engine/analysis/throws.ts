/**
 * The throws a player may get, with their chances: the 21 of a roll (a
 * double 1 in 36, any other 2 in 36), and the 15 of an opening throw, which
 * is never a double (ties are thrown again).
 */
import type { Dice, Die } from '../types.js';

export interface WeightedThrow {
  readonly dice: Dice;
  readonly weight: number;
}

function throwsOf(doubles: boolean): readonly WeightedThrow[] {
  const list: WeightedThrow[] = [];
  const total = doubles ? 36 : 30;
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      if (a === b && !doubles) continue;
      list.push({ dice: [b as Die, a as Die], weight: (a === b ? 1 : 2) / total });
    }
  }
  return Object.freeze(list);
}

export const ROLLS = throwsOf(true);
export const OPENING_THROWS = throwsOf(false);

/**
 * The opening throws, with their chances: the 15 that are not doubles (ties are thrown again), each
 * 1 in 15. The 21 rolls of any other turn are the look-ahead's (bot/look-ahead.ts `ROLLS`).
 */
import type { WeightedRoll } from '../bot/look-ahead.js';
import type { Dice, Die } from '../types.js';

export const OPENING_THROWS: readonly WeightedRoll[] = Object.freeze(
  (() => {
    const throws: WeightedRoll[] = [];
    for (let a = 1; a <= 6; a++) {
      for (let b = a + 1; b <= 6; b++) throws.push({ dice: [b as Die, a as Die] as Dice, weight: 1 / 15 });
    }
    return throws;
  })(),
);

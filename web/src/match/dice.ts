/** The two dice of a roll as the API writes them (plain numbers), as the engine's Dice; null when they are not. */
import type { Dice, Die } from '../../../src/engine/index.js';

const isDie = (n: number | undefined): n is Die => n !== undefined && Number.isInteger(n) && n >= 1 && n <= 6;

export function diceOf(values: readonly number[] | null | undefined): Dice | null {
  const [a, b] = values ?? [];
  return values?.length === 2 && isDie(a) && isDie(b) ? [a, b] : null;
}

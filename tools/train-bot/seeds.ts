/** Seeded randomness for training and benches: a game's dice from (seed, game number) alone. */
export { mulberry32 } from '../../src/engine/index.js';

/** A 32-bit seed mixing `seed` and `n` (an integer hash), so neighbouring games' dice are unrelated. */
export function seedOf(seed: number, n: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ n;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The weakest yardstick: a player that picks one of the legal plays
 * uniformly at random, from a seeded PRNG (prng.ts) so a series of games is
 * reproducible. The random match driver (random-match.ts) picks its plays
 * the same way.
 */
import { legalPlays, type Play, type Variant } from '../index.js';
import type { PlayChooser } from './engine-game.js';
import { mulberry32 } from '../prng.js';

/** One of `items` chosen uniformly by `random` (one draw); undefined when there are none. */
export function randomPick<T>(items: readonly T[], random: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

/** A player choosing uniformly among the legal plays, seeded by `seed`; null when the roll cannot be played. */
export function randomPlayer(seed: number, variant: Variant = 'backgammon'): PlayChooser {
  const random = mulberry32(seed);
  return (position, dice): Play | null => randomPick(legalPlays(variant, position, dice), random) ?? null;
}

/**
 * Games between two play-choosers on the engine alone (no match state, no
 * service): cubeless backgammon from the starting position, dice from a
 * seeded PRNG (prng.ts). For benchmarks of players (pubeval, random, the
 * house bots): a series' win count is reproducible for a given seed.
 */
import {
  CHECKERS_PER_SIDE,
  initialPosition,
  swapSides,
  type Dice,
  type Die,
  type Play,
  type Position,
} from '../index.js';
import { mulberry32 } from '../prng.js';

/** A player: its choice among the legal plays of `position` (player to move) with `dice`; null when there is none. */
export type PlayChooser = (position: Position, dice: Dice) => Play | null;

/** One finished game: which of the two choosers won (0 or 1) and how many turns were played. */
export interface EngineGame {
  readonly winner: 0 | 1;
  readonly turns: number;
}

/** A series' wins of each chooser (index as given to `playSeries`). */
export interface SeriesResult {
  readonly games: number;
  readonly wins: readonly [number, number];
}

/** Far more turns than any backgammon game takes: a guard against a chooser that never ends one. */
const MAX_TURNS = 10_000;

function rollDie(random: () => number): Die {
  return (1 + Math.floor(random() * 6)) as Die;
}

/**
 * Plays one cubeless backgammon game between `choosers[0]` and `choosers[1]`:
 * the opening roll (one die each, rerolled on a tie) gives the higher die's
 * owner the first turn with both dice; then each turn rolls two dice. The
 * first side to bear off all 15 wins.
 * @throws Error when the game runs past MAX_TURNS (a chooser that never finishes).
 */
export function playEngineGame(choosers: readonly [PlayChooser, PlayChooser], random: () => number): EngineGame {
  let a: Die;
  let b: Die;
  do {
    a = rollDie(random);
    b = rollDie(random);
  } while (a === b);
  let mover: 0 | 1 = a > b ? 0 : 1;
  let dice: Dice = [a, b];
  let position = initialPosition('backgammon');
  for (let turns = 1; turns <= MAX_TURNS; turns++) {
    const play = choosers[mover](position, dice);
    if (play !== null) {
      if (play.position.player.off === CHECKERS_PER_SIDE) return { winner: mover, turns };
      position = play.position;
    }
    position = swapSides(position);
    mover = mover === 0 ? 1 : 0;
    dice = [rollDie(random), rollDie(random)];
  }
  throw new Error(`a game ran past ${MAX_TURNS} turns`);
}

/** `games` one-point games between the two choosers, dice seeded by `seed`. */
export function playSeries(choosers: readonly [PlayChooser, PlayChooser], games: number, seed: number): SeriesResult {
  const random = mulberry32(seed);
  const wins: [number, number] = [0, 0];
  for (let g = 0; g < games; g++) wins[playEngineGame(choosers, random).winner]++;
  return { games, wins };
}

/**
 * Games between two play-pickers on the engine alone, in either variant, for
 * training and measuring the house bots (docs/bots.md "Strength"): a
 * one-point cubeless game from the opening throw to the last checker off,
 * with long nardy's first-turn exception (N5). Dice come from `random`, so a
 * seeded series is reproducible.
 */
import { initialPosition, pipCount, swapSides } from '../board.js';
import { legalPlays } from '../legal-plays.js';
import { gameResult, type ResultMultiplier } from '../result.js';
import { CHECKERS_PER_SIDE, type Dice, type Die, type Play, type Position, type Variant } from '../types.js';

/** A player's choice among `plays` (never empty) of `position` (its player to move) with `dice`. */
export type PlayPicker = (position: Position, dice: Dice, plays: readonly Play[]) => Play;

export interface PlayedGame {
  /** Which picker won: 0 or 1, as passed. */
  readonly winner: 0 | 1;
  /** Single, gammon (mars), backgammon (koks, scored as in the default rules). */
  readonly multiplier: ResultMultiplier;
  readonly turns: number;
}

const MAX_TURNS = 10_000;

export function rollDie(random: () => number): Die {
  return (1 + Math.floor(random() * 6)) as Die;
}

/** The opening throw: one die each, thrown again on a tie; the higher die plays both (B2, N3). */
export function openingDice(random: () => number): Dice {
  for (;;) {
    const a = rollDie(random);
    const b = rollDie(random);
    if (a !== b) return [a, b];
  }
}

/** One game; picker `first` (0 or 1) is given the opening throw's winner's seat. */
export function playGame(
  variant: Variant,
  pickers: readonly [PlayPicker, PlayPicker],
  random: () => number,
  first: 0 | 1 = random() < 0.5 ? 0 : 1,
): PlayedGame {
  let dice = openingDice(random);
  let position = initialPosition(variant);
  let mover: 0 | 1 = first;
  const firstTurn = [true, true];
  for (let turns = 1; turns <= MAX_TURNS; turns++) {
    const options = variant === 'long-nardy' ? { firstTurn: firstTurn[mover] === true } : undefined;
    firstTurn[mover] = false;
    const plays = legalPlays(variant, position, dice, options);
    if (plays.length > 0) {
      const play = pickers[mover](position, dice, plays);
      if (play.position.player.off === CHECKERS_PER_SIDE) {
        const { multiplier } = gameResult(variant, play.position.opponent, { koks: true });
        return { winner: mover, multiplier, turns };
      }
      position = play.position;
    }
    position = swapSides(position);
    mover = mover === 0 ? 1 : 0;
    dice = [rollDie(random), rollDie(random)];
  }
  throw new Error(`a game ran past ${MAX_TURNS} turns`);
}

/** A yardstick: the play that moves the most pips (the first such in the engine's order). */
export const pipMaximizer: PlayPicker = (position, _dice, plays) => {
  let best = plays[0];
  let most = -1;
  for (const play of plays) {
    const moved = pipCount(position).player - pipCount(play.position).player;
    if (moved > most) {
      most = moved;
      best = play;
    }
  }
  return best;
};

/** A yardstick: a random legal play. */
export function randomPicker(random: () => number): PlayPicker {
  return (_position, _dice, plays) => plays[Math.floor(random() * plays.length)];
}

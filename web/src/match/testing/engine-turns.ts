/**
 * Turns to test the match page's logic against the engine: every position of some seeded random matches
 * (the engine's own test driver, src/engine/testing) where a player has dice to play, with the board by
 * colour and the engine's legal plays. Specs only; no page imports it.
 */
import {
  legalPlays,
  makePosition,
  sideFromCounts,
  type Colour,
  type ColourBoard,
  type Dice,
  type Play,
  type Variant,
} from '../../../../src/engine/index.js';
import { playRandomMatch } from '../../../../src/engine/testing/index.js';

/** A board with a player to move and dice to play, and the engine's legal plays of it. */
export interface EngineTurn {
  readonly variant: Variant;
  readonly board: ColourBoard;
  readonly player: Colour;
  readonly dice: Dice;
  readonly plays: readonly Play[];
  /** The mover's first turn of the game (long nardy N5). */
  readonly firstTurn: boolean;
}

/** Every turn with dice to play of the random matches `seeds` (one-game matches of the variant). */
export function engineTurns(variant: Variant, seeds: readonly number[]): EngineTurn[] {
  const turns: EngineTurn[] = [];
  for (const seed of seeds) {
    const { states } = playRandomMatch({ variant, length: 1 }, seed, { timeouts: false, maxEvents: 1000 });
    for (const state of states) {
      const { phase } = state;
      if (phase.kind !== 'play') continue;
      const { board, firstTurn } = state.game;
      turns.push({
        variant,
        board,
        player: phase.player,
        dice: phase.dice,
        plays: phase.plays,
        firstTurn: firstTurn[phase.player],
      });
    }
  }
  return turns;
}

/** A turn of a position given by point counts in each side's numbering (`sideFromCounts`), white to move. */
export function turnOf(
  variant: Variant,
  white: Readonly<Record<number, number>>,
  black: Readonly<Record<number, number>>,
  dice: Dice,
  bars: { readonly white?: number; readonly black?: number } = {},
): EngineTurn {
  const whiteSide = sideFromCounts(white, bars.white ?? 0);
  const blackSide = sideFromCounts(black, bars.black ?? 0);
  const plays = legalPlays(variant, makePosition(whiteSide, blackSide), dice);
  return { variant, board: { white: whiteSide, black: blackSide }, player: 'white', dice, plays, firstTurn: false };
}

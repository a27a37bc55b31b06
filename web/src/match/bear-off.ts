/**
 * The match page's "Bear off" button: one click for the play a player bearing off nearly always wants
 * (docs/architecture.md "Web client", "Moving checkers").
 *
 * The rule: when some legal play bears off a checker, take the plays that bear off the most checkers.
 * When they all lead to the same position, that play is offered (the server lists one play per position,
 * docs/rules.md C5, so this means exactly one such play); when they lead to different positions (the dice
 * left over after bearing off can be played in more than one way, or different checkers can come off),
 * the choice is the player's and no play is offered. The page never computes legality: the offered play
 * is one of the server's.
 */
import type { Colour } from '../../../src/engine/index.js';
import { colourBoardKey, colourBoardOf, sideOf, type ColourBoardInput } from './colour-board.js';
import type { LegalPlayShape } from './play-builder.js';

/**
 * The play to offer as a single "Bear off" click, or null: no legal play bears off, or the plays bearing
 * off the most checkers lead to different positions. `board` is the board before the play, `player` the
 * colour to move.
 */
export function oneSensibleBearOff<P extends LegalPlayShape>(
  plays: readonly P[],
  board: ColourBoardInput,
  player: Colour,
): P | null {
  const offBefore = sideOf(board[player]).off;
  let most = 0;
  let best: P[] = [];
  for (const play of plays) {
    const off = sideOf(play.position.player).off - offBefore;
    if (off <= 0 || off < most) continue;
    if (off > most) {
      most = off;
      best = [];
    }
    best.push(play);
  }
  if (best.length === 0) return null;
  const positions = new Set(best.map((play) => colourBoardKey(colourBoardOf(play.position, player))));
  return positions.size === 1 ? best[0] : null;
}

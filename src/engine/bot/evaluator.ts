/**
 * An evaluator: a variant's network and a reusable input vector. It judges
 * a position with its player on roll (`evaluate`) and the plays of a roll
 * (`playOutcomes`): a play that bears off the last checker is judged by the
 * rules (result.ts), any other by the network, from the other side's turn.
 */
import { swapSides } from '../board.js';
import { gameResult } from '../result.js';
import { CHECKERS_PER_SIDE, type Play, type Position, type Variant } from '../types.js';
import { Encoding, INPUTS, encode } from './features.js';
import type { Network } from './network.js';
import {
  LOSE_BACKGAMMON,
  LOSE_GAMMON,
  WIN,
  WIN_BACKGAMMON,
  WIN_GAMMON,
  flipOutcomes,
  sanitizeOutcomes,
  type Outcomes,
} from './outcomes.js';

export class Evaluator {
  readonly encoding: Encoding;

  constructor(
    readonly variant: Variant,
    readonly net: Network,
  ) {
    if (net.inputs !== INPUTS[variant]) {
      throw new Error(`a ${variant} network takes ${INPUTS[variant]} inputs, not ${net.inputs}`);
    }
    this.encoding = new Encoding(variant);
  }

  /** The chances of `position`'s player, on roll, written into `out`. */
  evaluate(position: Position, out: Outcomes): Outcomes {
    encode(position, this.encoding);
    this.net.forward(this.encoding.x, this.encoding.active, this.encoding.count, out);
    return sanitizeOutcomes(out);
  }

  /** The mover's chances after `play` (the opponent on roll next), written into `out`. */
  playOutcomes(play: Play, out: Outcomes): Outcomes {
    if (play.position.player.off === CHECKERS_PER_SIDE) return wonOutcomes(this.variant, play.position, out);
    return flipOutcomes(this.evaluate(swapSides(play.position), out), out);
  }
}

/** The chances of a game the mover has just won, as the rules score it (koks counted: N7). */
export function wonOutcomes(variant: Variant, position: Position, out: Outcomes): Outcomes {
  const { multiplier } = gameResult(variant, position.opponent, { koks: true });
  out[WIN] = 1;
  out[WIN_GAMMON] = multiplier >= 2 ? 1 : 0;
  out[WIN_BACKGAMMON] = multiplier >= 3 ? 1 : 0;
  out[LOSE_GAMMON] = 0;
  out[LOSE_BACKGAMMON] = 0;
  return out;
}

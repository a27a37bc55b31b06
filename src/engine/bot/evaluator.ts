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
import { forwardNear, type Network } from './network.js';
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
  /** The first of a run of siblings (`siblingOutcomes`): its inputs and hidden sums, once `hasFirst`. */
  private readonly first: { x: Float32Array; active: Int32Array; count: number; sums: Float32Array };
  private hasFirst = false;
  private readonly siblingInput: Encoding;
  private readonly sums: Float32Array;
  /** Positions judged by the network so far (the look-ahead's measure of work). */
  evaluations = 0;
  /** The count of `evaluations` past which a look-ahead gives up (look-ahead.ts `LookAheadBudgetError`). */
  evaluationLimit = Infinity;
  /**
   * Asked by a look-ahead before each position it judges on roll: true gives the look-ahead up as
   * going past `evaluationLimit` does. The caller's own test (a clock, in the service's decision
   * threads): the engine reads none.
   */
  interrupt: (() => boolean) | null = null;

  constructor(
    readonly variant: Variant,
    readonly net: Network,
  ) {
    if (net.inputs !== INPUTS[variant]) {
      throw new Error(`a ${variant} network takes ${INPUTS[variant]} inputs, not ${net.inputs}`);
    }
    this.encoding = new Encoding(variant);
    this.siblingInput = new Encoding(variant);
    this.sums = new Float32Array(net.hidden);
    const n = INPUTS[variant];
    this.first = { x: new Float32Array(n), active: new Int32Array(n), count: 0, sums: new Float32Array(net.hidden) };
  }

  /** Starts a run of siblings: the plays of one position and roll, judged by `siblingOutcomes`. */
  beginSiblings(): void {
    this.hasFirst = false;
  }

  /**
   * `playOutcomes` for the plays of one position and roll in turn (after `beginSiblings`), faster:
   * after the first, each play's network pass starts from the first one's hidden sums and adds
   * only the inputs that differ (network.ts `forwardNear`), so its chances are within float32
   * rounding of `playOutcomes`' (not bit for bit). Not re-entrant: one run at a time.
   */
  siblingOutcomes(play: Play, out: Outcomes): Outcomes {
    if (play.position.player.off === CHECKERS_PER_SIDE) return wonOutcomes(this.variant, play.position, out);
    this.evaluations++;
    const input = this.siblingInput;
    encode(swapSides(play.position), input);
    const first = this.first;
    if (!this.hasFirst) {
      first.x.set(input.x);
      first.active.set(input.active.subarray(0, input.count));
      first.count = input.count;
      this.net.sumsOf(first.x, first.active, first.count, first.sums);
      this.net.outputsOf(first.sums, out);
      this.hasFirst = true;
    } else {
      forwardNear(this.net, first, input, this.sums, out);
    }
    return flipOutcomes(sanitizeOutcomes(out), out);
  }

  /** The chances of `position`'s player, on roll, written into `out`. */
  evaluate(position: Position, out: Outcomes): Outcomes {
    this.evaluations++;
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

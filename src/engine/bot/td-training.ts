/**
 * Training by self-play with temporal differences, TD(λ), as TD-Gammon was
 * trained (docs/bots.md "Training"). The network plays both sides; after
 * each play it moves its estimate of the position before the play towards
 * its estimate after it (seen from the same side), and at the end towards
 * the result. With λ > 0 each side keeps eligibility traces, so a result
 * also reaches the side's earlier positions, decayed by λ per turn.
 */
import { initialPosition, swapSides } from '../board.js';
import { legalPlays } from '../legal-plays.js';
import { CHECKERS_PER_SIDE, type Play, type Position, type Variant } from '../types.js';
import { openingDice, rollDie } from './engine-games.js';
import { Evaluator } from './evaluator.js';
import { Encoding, encode } from './features.js';
import { OUTPUTS, type Network } from './network.js';
import { cubelessEquity, flipOutcomes, newOutcomes } from './outcomes.js';

export interface TrainingOptions {
  /** Learning rate. */
  readonly alpha: number;
  /** Trace decay per turn of the same side; 0 is TD(0). */
  readonly lambda: number;
}

/** What one self-play game taught: its length in turns and how it ended for the first mover. */
export interface TrainedGame {
  readonly turns: number;
  /** 1, 2 or 3 points to the first mover, negative when it lost. */
  readonly result: number;
}

const MAX_TURNS = 10_000;

/** Plays one game of `variant` against itself with dice from `random`, updating `net` as it goes. */
export class TdTrainer {
  private readonly evaluator: Evaluator;
  private readonly state: Encoding;
  private readonly stateHidden: Float32Array;
  private readonly stateOut = newOutcomes();
  private readonly candidate = newOutcomes();
  private readonly best = newOutcomes();
  private readonly target = newOutcomes();
  /** learn()'s per-output errors and sigmoid slopes, kept between calls (it runs once per turn). */
  private readonly delta = new Float64Array(OUTPUTS);
  private readonly slope = new Float64Array(OUTPUTS);
  /** Per side: traces of w1 (5 outputs × inputs × hidden), b1, w2 (5 × hidden), b2. */
  private readonly traces: { w1: Float32Array; b1: Float32Array; w2: Float32Array; b2: Float32Array }[];

  constructor(
    readonly variant: Variant,
    readonly net: Network,
  ) {
    this.evaluator = new Evaluator(variant, net);
    this.state = new Encoding(variant);
    this.stateHidden = new Float32Array(net.hidden);
    const trace = () => ({
      w1: new Float32Array(OUTPUTS * net.w1.length),
      b1: new Float32Array(OUTPUTS * net.hidden),
      w2: new Float32Array(net.w2.length),
      b2: new Float32Array(OUTPUTS),
    });
    this.traces = [trace(), trace()];
  }

  game(random: () => number, options: TrainingOptions): TrainedGame {
    for (const t of this.traces) for (const part of [t.w1, t.b1, t.w2, t.b2]) part.fill(0);
    let dice = openingDice(random);
    let position = initialPosition(this.variant);
    const firstTurn = [true, true];
    let side = 0;
    for (let turn = 1; turn <= MAX_TURNS; turn++) {
      this.evaluateState(position);
      const options_ = this.variant === 'long-nardy' ? { firstTurn: firstTurn[side] === true } : undefined;
      const plays = legalPlays(this.variant, position, dice, options_);
      firstTurn[side] = false;
      let next: Position;
      let won = false;
      if (plays.length === 0) {
        next = swapSides(position);
        this.evaluator.evaluate(next, this.target);
        flipOutcomes(this.target, this.target);
      } else {
        const play = this.choose(plays);
        this.target.set(this.best);
        won = play.position.player.off === CHECKERS_PER_SIDE;
        next = swapSides(play.position);
      }
      this.learn(side, options);
      if (won) {
        const points = cubelessEquity(this.target);
        return { turns: turn, result: side === 0 ? points : -points };
      }
      position = next;
      side = 1 - side;
      dice = [rollDie(random), rollDie(random)];
    }
    throw new Error(`a self-play game ran past ${MAX_TURNS} turns`);
  }

  /** The play the network likes best for the mover; its chances are left in `best`. */
  private choose(plays: readonly Play[]): Play {
    let bestPlay = plays[0];
    let bestEquity = -Infinity;
    for (const play of plays) {
      const equity = cubelessEquity(this.evaluator.playOutcomes(play, this.candidate));
      if (equity > bestEquity) {
        bestEquity = equity;
        bestPlay = play;
        this.best.set(this.candidate);
      }
    }
    return bestPlay;
  }

  /** The network's view of the position on roll, kept with its inputs and hidden layer for learn(). */
  private evaluateState(position: Position): void {
    encode(position, this.state);
    this.net.forward(this.state.x, this.state.active, this.state.count, this.stateOut);
    this.stateHidden.set(this.net.hiddenOut);
  }

  /** Moves the state's outputs towards `target`: δ = target - output, through the side's traces. */
  private learn(side: number, { alpha, lambda }: TrainingOptions): void {
    const { net, state, stateHidden: hid, stateOut: out, target } = this;
    const { inputs, hidden, w1, b1, w2, b2 } = net;
    const { delta, slope: g } = this;
    for (let k = 0; k < OUTPUTS; k++) {
      delta[k] = target[k] - out[k];
      g[k] = out[k] * (1 - out[k]);
    }
    if (lambda === 0) {
      for (let h = 0; h < hidden; h++) {
        let c = 0;
        for (let k = 0; k < OUTPUTS; k++) c += delta[k] * g[k] * w2[k * hidden + h];
        c *= alpha * hid[h] * (1 - hid[h]);
        b1[h] += c;
        for (let a = 0; a < state.count; a++) {
          const i = state.active[a];
          w1[i * hidden + h] += c * state.x[i];
        }
      }
      for (let k = 0; k < OUTPUTS; k++) {
        const step = alpha * delta[k] * g[k];
        b2[k] += step;
        for (let h = 0; h < hidden; h++) w2[k * hidden + h] += step * hid[h];
      }
      return;
    }
    const t = this.traces[side];
    const size = inputs * hidden;
    for (let k = 0; k < OUTPUTS; k++) {
      const e1 = t.w1.subarray(k * size, (k + 1) * size);
      for (let j = 0; j < size; j++) e1[j] *= lambda;
      for (let h = 0; h < hidden; h++) {
        const c = g[k] * w2[k * hidden + h] * hid[h] * (1 - hid[h]);
        t.b1[k * hidden + h] = lambda * t.b1[k * hidden + h] + c;
        for (let a = 0; a < state.count; a++) {
          const i = state.active[a];
          e1[i * hidden + h] += c * state.x[i];
        }
      }
      for (let h = 0; h < hidden; h++) t.w2[k * hidden + h] = lambda * t.w2[k * hidden + h] + g[k] * hid[h];
      t.b2[k] = lambda * t.b2[k] + g[k];
    }
    for (let k = 0; k < OUTPUTS; k++) {
      const step = alpha * delta[k];
      if (step === 0) continue;
      const e1 = t.w1.subarray(k * size, (k + 1) * size);
      for (let j = 0; j < size; j++) w1[j] += step * e1[j];
      for (let h = 0; h < hidden; h++) {
        b1[h] += step * t.b1[k * hidden + h];
        w2[k * hidden + h] += step * t.w2[k * hidden + h];
      }
      b2[k] += step * t.b2[k];
    }
  }
}

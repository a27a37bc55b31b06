/**
 * The house bots' trained networks (weights/, written by `npm run train:bot`),
 * decoded on first use and kept: one evaluator per variant.
 */
import type { Variant } from '../types.js';
import { Evaluator } from './evaluator.js';
import { decodeNetwork } from './network.js';
import { BACKGAMMON_NETWORK } from './weights/backgammon.js';
import { LONG_NARDY_NETWORK } from './weights/long-nardy.js';

const NETWORKS: Readonly<Record<Variant, string>> = {
  backgammon: BACKGAMMON_NETWORK,
  'long-nardy': LONG_NARDY_NETWORK,
};
const evaluators = new Map<Variant, Evaluator>();

/** The house evaluator of `variant`. */
export function houseEvaluator(variant: Variant): Evaluator {
  let evaluator = evaluators.get(variant);
  if (evaluator === undefined) {
    evaluator = new Evaluator(variant, decodeNetwork(NETWORKS[variant]));
    evaluators.set(variant, evaluator);
  }
  return evaluator;
}

/**
 * The engine's training entry (docs/bots.md "Training"), as src/engine/testing is its tests': the
 * networks and their encoding, the TD(λ) trainer, the look-ahead and the play search, and whole
 * matches or games played by deciders. For the trainer (tools/train-bot), the benches and the tests;
 * the service makes its decisions through the engine's face (src/engine/index.ts) alone.
 */
export { Evaluator } from '../bot/evaluator.js';
export { INPUTS } from '../bot/features.js';
export { Network, decodeNetwork, encodeNetwork, type NetworkShape } from '../bot/network.js';
export { cubelessEquity, newOutcomes, type Outcomes } from '../bot/outcomes.js';
export {
  PLY_FILTERS,
  choosePlay,
  rankPlays,
  searchPlays,
  type PlayChoiceOptions,
  type PlyFilter,
  type RankedPlay,
} from '../bot/play-choice.js';
export { TdTrainer, type TrainedGame, type TrainingOptions } from '../bot/td-training.js';
export { pipMaximizer, playGame, randomPicker, type PlayPicker, type PlayedGame } from '../bot/engine-games.js';
export {
  afterDecision,
  decidingColour,
  decisionEvent,
  houseDecider,
  pickerDecider,
  playDecidedMatch,
  playDecidedMatchAsync,
  seatedMatch,
  type AsyncDecider,
  type DecidedMatch,
  type Decider,
} from '../bot/decided-match.js';
export {
  MONEY_JUDGE,
  ROLLS,
  chancesAfterPlay,
  chancesOnRoll,
  rollLeaves,
  swapJudge,
  type ChancesValue,
  type Judge,
  type RollLeaf,
  type WeightedRoll,
} from '../bot/look-ahead.js';

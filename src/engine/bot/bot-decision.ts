/**
 * A house bot's answer to whatever a match asks of it (docs/bots.md): the
 * play, the roll or double, the answer to a double or a resignation. Pure:
 * the match state, the bot's colour, its level and a random source in; one
 * decision out. The service turns a decision into the same action a person
 * POSTs (src/bots), so a bot is held to every rule a person is.
 */
import { mayDouble, withinLimit } from '../cube.js';
import { positionFor, type MatchState } from '../match-state.js';
import { jacobyApplies } from '../scoring.js';
import { opponentOf, type Colour, type Move, type Position, type Variant } from '../types.js';
import { cubefulWorth, shouldDouble, answerDouble, acceptResignation, type CubeSituation } from './cube-decision.js';
import type { Evaluator } from './evaluator.js';
import { isBackgammonRace, isNardyRace } from './features.js';
import { houseEvaluator } from './house-evaluators.js';
import { matchValue, moneyValue } from './match-equity.js';
import { flipOutcomes, newOutcomes, type Outcomes } from './outcomes.js';
import { pipMaximizer } from './engine-games.js';
import { choosePlay } from './play-choice.js';

/** The house bots' levels: `easy` plays a weaker, varied game; `strong` its best. */
export const BOT_LEVELS = ['easy', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** What a bot does now; each maps to one action of the match API. */
export type BotDecision =
  | { readonly kind: 'roll' }
  | { readonly kind: 'double' }
  | { readonly kind: 'take' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'beaver' }
  | { readonly kind: 'play'; readonly moves: readonly Move[] }
  | { readonly kind: 'accept-resignation' }
  | { readonly kind: 'reject-resignation' };

/**
 * How often `easy` plays like a beginner: the play that moves the most pips,
 * whatever it leaves. Otherwise it plays its judgement. A weakness a skilled
 * opponent punishes (blots in backgammon, blocks in long nardy) but random
 * play mostly does not, so `easy` still beats random play, and loses to
 * `strong`. Less often in backgammon, where a greedy play costs more.
 */
export const EASY_GREED: Readonly<Record<Variant, number>> = Object.freeze({ backgammon: 0.3, 'long-nardy': 0.4 });

/**
 * The decision for `colour` in `state`, or null when the match asks nothing
 * of it now (not its turn, the match not started or over).
 */
export function botDecision(
  state: MatchState,
  colour: Colour,
  level: BotLevel,
  random: () => number,
): BotDecision | null {
  const { phase } = state;
  const evaluator = houseEvaluator(state.config.variant);
  switch (phase.kind) {
    case 'opening-roll':
      return { kind: 'roll' };
    case 'roll': {
      if (phase.player !== colour) return null;
      const doubling =
        phase.mayDouble &&
        mayDouble(state.game.cube, {
          actor: colour,
          onRoll: colour,
          rolled: false,
          crawfordGame: state.game.crawford,
          rules: state.config.effectiveRules,
        });
      if (!doubling) return { kind: 'roll' };
      const outcomes = onRoll(evaluator, state, colour);
      return shouldDouble(situation(state, colour, outcomes)) ? { kind: 'double' } : { kind: 'roll' };
    }
    case 'cube-response': {
      if (phase.player !== colour) return null;
      // The side on roll is the doubler, or, answering a beaver, the bot itself.
      const onRollChances = onRoll(evaluator, state, phase.onRoll);
      const outcomes = phase.onRoll === colour ? onRollChances : flipOutcomes(onRollChances, newOutcomes());
      const holderAfterTake = phase.offer.beaver ? 'opponent' : 'me';
      return { kind: answerDouble(situation(state, colour, outcomes), phase.mayBeaver, holderAfterTake) };
    }
    case 'resignation-response': {
      if (phase.player !== colour) return null;
      const onRollColour = phase.resume.player;
      const theirs = onRoll(evaluator, state, onRollColour);
      const outcomes = onRollColour === colour ? theirs : flipOutcomes(theirs, newOutcomes());
      return acceptResignation(situation(state, colour, outcomes), phase.offer.value)
        ? { kind: 'accept-resignation' }
        : { kind: 'reject-resignation' };
    }
    case 'play': {
      if (phase.player !== colour) return null;
      if (level === 'easy' && random() < EASY_GREED[state.config.variant]) {
        return { kind: 'play', moves: pipMaximizer(positionFor(state, colour), phase.dice, phase.plays).moves };
      }
      const base = situation(state, colour, newOutcomes());
      const play = choosePlay(evaluator, phase.plays, {
        equity: (outcomes) => cubefulWorth({ ...base, outcomes, efficiency: 0 }, base.value, base.holder),
      });
      return { kind: 'play', moves: play.moves };
    }
    default:
      return null;
  }
}

/**
 * The chances of `player`, on roll now, before the roll: the network's own
 * estimate, which is what it was trained to give (td-training.ts).
 */
function onRoll(evaluator: Evaluator, state: MatchState, player: Colour): Outcomes {
  return evaluator.evaluate(positionFor(state, player), newOutcomes());
}

/**
 * The cube and score as `colour` sees them, with its chances `outcomes`. Results are valued by the
 * post-Crawford table once a side can reach 1-away with the cube alive again: after the Crawford
 * game, during it (every score it leads to is after it), and in matches without the Crawford rule.
 */
export function situation(state: MatchState, colour: Colour, outcomes: Outcomes): CubeSituation {
  const { config, game, progress } = state;
  const rules = config.effectiveRules;
  const cube = game.cube;
  const holder = cube.owner === 'centre' ? 'centre' : cube.owner === colour ? 'me' : 'opponent';
  const position: Position = positionFor(state, colour);
  const race = config.variant === 'backgammon' ? isBackgammonRace(position) : isNardyRace(position);
  const money = progress.length === 0;
  const myAway = progress.length - progress.score[colour];
  const oppAway = progress.length - progress.score[opponentOf(colour)];
  return {
    outcomes,
    value: cube.value,
    holder,
    worth: money
      ? moneyValue
      : matchValue(myAway, oppAway, progress.postCrawford || progress.crawfordGame || !rules.crawford),
    efficiency: race ? 0.6 : 0.68,
    live: (value) => rules.cube && withinLimit(2 * value, rules) && (money || value < Math.min(myAway, oppAway)),
    gammons: !jacobyApplies(rules, cube),
    bgWorth: config.variant === 'long-nardy' && !rules.koks ? 2 : 3,
  };
}

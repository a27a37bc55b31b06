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
import { opponentOf, type Colour, type Move, type Play, type Position, type Variant } from '../types.js';
import {
  acceptResignation,
  answerDouble,
  averageWorth,
  cubefulWorth,
  deadCubeEquity,
  janowskiWorth,
  shouldDouble,
  type CubeSituation,
  type WorthOfGame,
} from './cube-decision.js';
import type { Evaluator } from './evaluator.js';
import { isBackgammonRace, isNardyRace } from './features.js';
import { houseEvaluator } from './house-evaluators.js';
import { bestPlayAt0, rollLeaves, type Judge, type RollLeaf } from './look-ahead.js';
import { matchValue, moneyValue } from './match-equity.js';
import { flipOutcomes, newOutcomes, type Outcomes } from './outcomes.js';
import { pipMaximizer } from './engine-games.js';
import { DEEP_BUDGET, PLY_FILTERS, choosePlay, searchPlays, type PlyFilter } from './play-choice.js';

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

/** How a decision is made; the defaults are the levels' own. */
export interface BotDecisionOptions {
  /**
   * How far `strong` looks ahead (`easy` always plays at 0 ply): 0, as it played before, ranks
   * every play by the network and judges the cube on the network's chances of the position on
   * roll; 1 ranks again the few best plays a roll of the opponent ahead and judges the cube roll by
   * roll one roll ahead; 2 ranks the few best of those again two rolls ahead, the cube as at 1.
   * By default the variant's `STRONG_PLIES`.
   */
  readonly plies?: number;
  /** Which plays go a ply deeper; by default the variant's `STRONG_FILTERS`. */
  readonly filters?: readonly PlyFilter[];
  /** Positions the plies beyond the first may judge; by default the variant's `STRONG_BUDGET`. */
  readonly budget?: number;
  /**
   * Asked during `strong`'s search of its plays: true gives up the ply under way and plays by the
   * ranking of the ply before (play-choice.ts `SearchLimits`). None by default: the budget alone.
   */
  readonly interrupt?: () => boolean;
}

/** The look-ahead of `strong` (docs/bots.md "Plays"): two plies in both variants. */
export const STRONG_PLIES: Readonly<Record<Variant, number>> = Object.freeze({ backgammon: 2, 'long-nardy': 2 });

/**
 * Which plays `strong` judges a ply deeper: in backgammon play-choice.ts `PLY_FILTERS` (the best 8
 * within 0.16 at 1 ply, 3 of those within 0.06 at 2); in long nardy, whose positions have several
 * times the plays to a roll, 2 within 0.03 at 2 ply.
 */
export const STRONG_FILTERS: Readonly<Record<Variant, readonly PlyFilter[]>> = Object.freeze({
  backgammon: PLY_FILTERS,
  'long-nardy': Object.freeze([PLY_FILTERS[0], Object.freeze({ keep: 2, within: 0.03 })]),
});

/** The positions `strong`'s plies beyond the first may judge (play-choice.ts `searchPlays`): a quarter of a second at most here. */
export const STRONG_BUDGET: Readonly<Record<Variant, number>> = Object.freeze({
  backgammon: DEEP_BUDGET,
  'long-nardy': 25_000,
});

/**
 * The decision for `colour` in `state`, or null when the match asks nothing
 * of it now (not its turn, the match not started or over).
 */
export function botDecision(
  state: MatchState,
  colour: Colour,
  level: BotLevel,
  random: () => number,
  options: BotDecisionOptions = {},
): BotDecision | null {
  const { phase } = state;
  const evaluator = houseEvaluator(state.config.variant);
  const plies = level === 'easy' ? 0 : (options.plies ?? STRONG_PLIES[state.config.variant]);
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
      const { s, worth } = cubeView(evaluator, state, colour, colour, plies, null);
      return shouldDouble(s, worth) ? { kind: 'double' } : { kind: 'roll' };
    }
    case 'cube-response': {
      if (phase.player !== colour) return null;
      // The side on roll is the doubler, or, answering a beaver, the bot itself.
      const { s, worth } = cubeView(evaluator, state, colour, phase.onRoll, plies, null, phase.offer.value);
      const holderAfterTake = phase.offer.beaver ? 'opponent' : 'me';
      return { kind: answerDouble(s, phase.mayBeaver, holderAfterTake, worth) };
    }
    case 'resignation-response': {
      if (phase.player !== colour) return null;
      const { resume } = phase;
      const dice = resume.kind === 'play' ? resume.plays : null;
      const { s, worth } = cubeView(evaluator, state, colour, resume.player, plies, dice);
      return acceptResignation(s, phase.offer.value, worth)
        ? { kind: 'accept-resignation' }
        : { kind: 'reject-resignation' };
    }
    case 'play': {
      if (phase.player !== colour) return null;
      if (level === 'easy' && random() < EASY_GREED[state.config.variant]) {
        return { kind: 'play', moves: pipMaximizer(positionFor(state, colour), phase.dice, phase.plays).moves };
      }
      const base = situation(state, colour, newOutcomes());
      if (plies === 0) {
        const play = choosePlay(evaluator, phase.plays, {
          equity: (outcomes) => cubefulWorth({ ...base, outcomes, efficiency: 0 }, base.value, base.holder),
        });
        return { kind: 'play', moves: play.moves };
      }
      if (phase.plays.length === 1) return { kind: 'play', moves: phase.plays[0].moves };
      const { variant } = state.config;
      const ranked = searchPlays(
        evaluator,
        phase.plays,
        judgeOf(base),
        plies,
        options.filters ?? STRONG_FILTERS[variant],
        { budget: options.budget ?? STRONG_BUDGET[variant], interrupt: options.interrupt },
      );
      return { kind: 'play', moves: ranked[0].play.moves };
    }
    default:
      return null;
  }
}

/**
 * What each of the cube's choices is worth to `colour`, on roll before rolling, in its worth units
 * (points in a money session, its match-winning chance in a match): no double, double and take,
 * double and pass; judged as `plies` says (botDecision). For tests and the bench's diagnostics.
 */
export function doublingWorths(
  state: MatchState,
  colour: Colour,
  plies: number = STRONG_PLIES[state.config.variant],
): { readonly noDouble: number; readonly take: number; readonly pass: number; readonly outcomes: Outcomes } {
  const { s, worth } = cubeView(houseEvaluator(state.config.variant), state, colour, colour, plies, null);
  return {
    noDouble: worth(s.value, s.holder),
    take: worth(2 * s.value, 'opponent', true),
    pass: s.worth(s.value),
    outcomes: s.outcomes,
  };
}

/**
 * The bot's cube situation and its worth of the game, `onRollColour` on roll (about to roll, or
 * to play `plays` when the dice are thrown). At 0 ply: Janowski's formulas on the network's
 * chances of the position on roll, which is what it was trained to give (td-training.ts). Deeper:
 * each of the 21 rolls played at 0 ply (the known roll alone when thrown), Janowski's worth of the
 * game after it averaged over the rolls (cube-decision.ts `averageWorth`). `value` is the cube the
 * decision is about (before a double), by default the cube as it is.
 */
function cubeView(
  evaluator: Evaluator,
  state: MatchState,
  colour: Colour,
  onRollColour: Colour,
  plies: number,
  plays: readonly Play[] | null,
  value?: number,
): { s: CubeSituation; worth: WorthOfGame } {
  const mine = onRollColour === colour;
  if (plies === 0) {
    const theirs = evaluator.evaluate(positionFor(state, onRollColour), newOutcomes());
    const s = situation(state, colour, mine ? theirs : flipOutcomes(theirs, newOutcomes()));
    return { s, worth: janowskiWorth(s) };
  }
  // The side on roll chooses its plays at the cube the game will be played for (doubled, when a double is answered).
  const judge = judgeOf(
    situation(state, onRollColour, newOutcomes(), value === undefined ? undefined : 2 * value, true),
  );
  const leaves: RollLeaf[] =
    plays === null ? rollLeaves(evaluator, positionFor(state, onRollColour), judge) : [thrown(evaluator, plays, judge)];
  const variant = state.config.variant;
  const rolls = leaves.map((leaf) => ({
    weight: leaf.weight,
    outcomes: mine ? leaf.outcomes : flipOutcomes(leaf.outcomes, newOutcomes()),
    efficiency: cubeEfficiency(variant, leaf.position),
  }));
  const average = newOutcomes();
  for (const roll of rolls) for (let k = 0; k < 5; k++) average[k] += roll.weight * roll.outcomes[k];
  const s = situation(state, colour, average, undefined, true);
  return { s, worth: averageWorth(s, rolls) };
}

/** The roll already thrown, as the one leaf of a look-ahead: its best play at 0 ply. */
function thrown(evaluator: Evaluator, plays: readonly Play[], judge: Judge): RollLeaf {
  const outcomes = newOutcomes();
  const best = bestPlayAt0(evaluator, plays, judge.mover, outcomes);
  return { dice: [1, 1], weight: 1, position: plays[best].position, outcomes };
}

/**
 * How the side of `base` and its opponent value their chances after a play: the side by the
 * score's worth of each result with the cube dead at its value (in units of the cube), the
 * opponent by the same with the sides exchanged (a match's chances add up to one, so what is
 * best for one side is worst for the other).
 */
function judgeOf(base: CubeSituation): Judge {
  const mover = deadCubeEquity(base);
  const flipped = newOutcomes();
  return { mover, other: (o) => -mover(flipOutcomes(o, flipped)) };
}

/** Cube efficiency (Janowski's x) of a position: 0.60 in a race, 0.68 with contact, as GNU Backgammon's defaults. */
export function cubeEfficiency(variant: Variant, position: Position): number {
  const race = variant === 'backgammon' ? isBackgammonRace(position) : isNardyRace(position);
  return race ? 0.6 : 0.68;
}

/**
 * The cube and score as `colour` sees them, with its chances `outcomes`. Results are valued by the
 * post-Crawford table once a side can reach 1-away with the cube alive again: after the Crawford
 * game, during it (every score it leads to is after it), and in matches without the Crawford rule.
 */
export function situation(
  state: MatchState,
  colour: Colour,
  outcomes: Outcomes,
  value?: number,
  matchModel = false,
): CubeSituation {
  const { config, game, progress } = state;
  const rules = config.effectiveRules;
  const cube = game.cube;
  const holder = cube.owner === 'centre' ? 'centre' : cube.owner === colour ? 'me' : 'opponent';
  const position: Position = positionFor(state, colour);
  const money = progress.length === 0;
  const myAway = progress.length - progress.score[colour];
  const oppAway = progress.length - progress.score[opponentOf(colour)];
  const useMatchModel = matchModel && !money;
  return {
    outcomes,
    value: value ?? cube.value,
    holder,
    worth: money
      ? moneyValue
      : matchValue(myAway, oppAway, progress.postCrawford || progress.crawfordGame || !rules.crawford),
    efficiency: cubeEfficiency(config.variant, position),
    live: (value) =>
      rules.cube &&
      withinLimit(2 * value, rules) &&
      (money ||
        (useMatchModel
          ? // The match model weighs each side's use of the cube itself: dead only when neither can use it.
            !progress.crawfordGame && (value < myAway || value < oppAway)
          : value < Math.min(myAway, oppAway))),
    gammons: !jacobyApplies(rules, cube),
    bgWorth: config.variant === 'long-nardy' && !rules.koks ? 2 : 3,
    aways: useMatchModel ? { me: myAway, opponent: oppAway } : undefined,
  };
}

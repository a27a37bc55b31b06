/**
 * A house bot's play (docs/bots.md "Plays"): each legal play is judged by the
 * evaluator from the position it leads to, and the best by equity is chosen.
 * (`easy` sometimes plays greedily instead: bot-decision.ts.)
 */
import type { Play } from '../types.js';
import type { Evaluator } from './evaluator.js';
import { cubelessEquity, newOutcomes, type Outcomes } from './outcomes.js';

export interface PlayChoiceOptions {
  /** The equity of the mover's chances (match play weighs gammons by the score); cubeless money equity by default. */
  readonly equity?: (outcomes: Outcomes) => number;
}

export interface RankedPlay {
  readonly play: Play;
  readonly equity: number;
}

/** Every play with the mover's equity after it, best first (the engine's order among equals). */
export function rankPlays(evaluator: Evaluator, plays: readonly Play[], options: PlayChoiceOptions = {}): RankedPlay[] {
  const equity = options.equity ?? ((o: Outcomes) => cubelessEquity(o));
  const outcomes = newOutcomes();
  const ranked = plays.map((play) => {
    const value = equity(evaluator.playOutcomes(play, outcomes));
    return { play, equity: value };
  });
  return ranked.sort((a, b) => b.equity - a.equity);
}

/** The best play of `plays` (never empty) by rankPlays. */
export function choosePlay(evaluator: Evaluator, plays: readonly Play[], options: PlayChoiceOptions = {}): Play {
  if (plays.length === 1) return plays[0];
  return rankPlays(evaluator, plays, options)[0].play;
}

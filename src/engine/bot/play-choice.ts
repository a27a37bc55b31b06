/**
 * A house bot's play (docs/bots.md "Plays"): each legal play is judged by the
 * evaluator from the position it leads to, and the best by equity is chosen;
 * `strong` judges the few best again looking a ply or two ahead (`searchPlays`).
 * (`easy` sometimes plays greedily instead: bot-decision.ts.)
 */
import type { Play } from '../types.js';
import type { Evaluator } from './evaluator.js';
import { LookAheadBudgetError, chancesAfterPlay, type Judge } from './look-ahead.js';
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

/** Which plays of one ply go on to be judged a ply deeper: at most `keep`, and only those within `within` of the best. */
export interface PlyFilter {
  readonly keep: number;
  /** Equity in units of the cube (a single game's win is 1). */
  readonly within: number;
}

/**
 * Which plays go a ply deeper: from 0 ply, the best 8 within 0.16 of the best (GNU Backgammon's
 * filter) go on to 1 ply; from 1 ply, the best 3 within 0.06 to 2 ply. GNU Backgammon's own 2-ply
 * judges all its 8 at 2 ply; this engine's network pass is slower, and the 1-ply step keeps the
 * few worth the time. On 989 of the bot's plays in 5-point matches, judged by gnubg at 2 ply
 * (mEMG a play): 0 ply 12.9, 1 ply 8.75, the best 2 within 0.04 at 2 ply 7.62, these 7.21.
 */
export const PLY_FILTERS: readonly PlyFilter[] = Object.freeze([
  Object.freeze({ keep: 8, within: 0.16 }),
  Object.freeze({ keep: 3, within: 0.06 }),
]);

/**
 * Positions the network may judge for the plies beyond the first of one search (`searchPlays`):
 * a quarter of a second at most on the development machine (docs/bots.md "Plays"). A search that
 * would go past it keeps the ranking of the ply before.
 */
export const DEEP_BUDGET = 50_000;

/** How much a search may do: positions for the plies beyond the first, and the caller's interrupt. */
export interface SearchLimits {
  /** Positions the plies beyond the first may judge; `DEEP_BUDGET` by default. */
  readonly budget?: number;
  /**
   * Asked before each position judged on roll; true gives up the ply under way, as going past the
   * budget does (the service's decision threads pass a clock here: docs/bots.md "Deciding").
   */
  readonly interrupt?: () => boolean;
}

/**
 * The plays judged `plies` deep, best first, as GNU Backgammon searches: every play is ranked at
 * 0 ply, the few best (`filters[0]`) are ranked again at 1 ply, the few best of those
 * (`filters[1]`) at 2 ply, and so on; the list returned is those judged deepest, each with the
 * mover's value at that depth (`judge.mover`, the opponent's replies chosen by `judge.other`).
 * Plies beyond the filters given keep the last filter. Ties keep the engine's order. The plies
 * beyond the first may judge `limits.budget` positions in all; a ply that would need more, or that
 * `limits.interrupt` stops, is given up, and the ranking of the ply before it stands.
 */
export function searchPlays(
  evaluator: Evaluator,
  plays: readonly Play[],
  judge: Judge,
  plies: number,
  filters: readonly PlyFilter[] = PLY_FILTERS,
  limits: SearchLimits = {},
): RankedPlay[] {
  const budget = limits.budget ?? DEEP_BUDGET;
  const outcomes = newOutcomes();
  let ranked = plays.map((play) => ({
    play,
    equity: judge.mover(chancesAfterPlay(evaluator, play, 0, judge, outcomes)),
  }));
  ranked.sort((a, b) => b.equity - a.equity);
  const deepFrom = evaluator.evaluations;
  for (let ply = 1; ply <= plies && ranked.length > 1; ply++) {
    const filter = filters[Math.min(ply, filters.length) - 1];
    const best = ranked[0].equity;
    const kept = ranked.filter((r, i) => i < filter.keep && r.equity >= best - filter.within);
    if (kept.length === 1) return kept;
    const limit = evaluator.evaluationLimit;
    if (ply > 1) evaluator.evaluationLimit = deepFrom + budget;
    evaluator.interrupt = limits.interrupt ?? null;
    try {
      ranked = kept.map(({ play }) => ({
        play,
        equity: judge.mover(chancesAfterPlay(evaluator, play, ply, judge, outcomes)),
      }));
    } catch (error) {
      if (!(error instanceof LookAheadBudgetError)) throw error;
      return kept;
    } finally {
      evaluator.evaluationLimit = limit;
      evaluator.interrupt = null;
    }
    ranked.sort((a, b) => b.equity - a.equity);
  }
  return ranked;
}

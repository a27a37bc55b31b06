/**
 * The service's own network as an analysis engine (docs/analysis.md "Long
 * nardy"): the equity of every play of a throw, the equity of a throw's best
 * play (for luck), and the chances of the side on roll before it throws (for
 * the cube). Plays are first ranked at 0 ply; at 1 ply the best few are
 * judged again by the opponent's best reply to each of its 21 rolls.
 * Equities are normalised (analysis.ts) at the state's cube and score, as the
 * house bot weighs them (bot-decision.ts `situation`).
 */
import { swapSides } from '../board.js';
import { legalPlays } from '../legal-plays.js';
import { positionFor, type MatchState } from '../match-state.js';
import type { Colour, Dice, Play, Position } from '../types.js';
import { situation } from '../bot/bot-decision.js';
import { cubefulWorth, type CubeSituation } from '../bot/cube-decision.js';
import type { Evaluator } from '../bot/evaluator.js';
import { chancesAfterPlay, chancesOnRoll, MONEY_JUDGE } from '../bot/look-ahead.js';
import { flipOutcomes, newOutcomes, type Outcomes } from '../bot/outcomes.js';

/** How many of the 0-ply best plays a 1-ply judgement looks at again, and how far behind the best they may be. */
export const LOOK_AGAIN = { plays: 6, within: 0.2 } as const;

/** A throw's plays as judged: the best one's index, its equity and the equity of the play made. */
export interface PlaysJudged {
  readonly best: number;
  readonly bestEquity: number;
  readonly madeEquity: number;
}

export class NetJudge {
  constructor(
    readonly evaluator: Evaluator,
    readonly plies: 0 | 1,
  ) {}

  /**
   * The plays of `colour`'s throw in `state` (its turn, the cube and score as they stand) judged: the
   * best, and the normalised equity of play `made` and of the best. At 1 ply the 0-ply best few, and
   * the play made, are judged again, and the best is the best of those.
   */
  judgePlays(state: MatchState, colour: Colour, plays: readonly Play[], made: number): PlaysJudged {
    const base = situation(state, colour, newOutcomes());
    const out = newOutcomes();
    const equities = plays.map((play) => normalised(base, this.evaluator.playOutcomes(play, out)));
    const judged = new Map<number, number>();
    if (this.plies === 0) equities.forEach((equity, index) => judged.set(index, equity));
    else {
      const top = Math.max(...equities);
      const again = equities
        .map((equity, index) => ({ equity, index }))
        .filter((e) => e.equity >= top - LOOK_AGAIN.within)
        .sort((a, b) => b.equity - a.equity)
        .slice(0, LOOK_AGAIN.plays)
        .map((e) => e.index);
      if (!again.includes(made)) again.push(made);
      // The opponent's replies are chosen by cubeless equity, as the house bot's look-ahead chooses them.
      const out = newOutcomes();
      for (const index of again) {
        judged.set(index, normalised(base, chancesAfterPlay(this.evaluator, plays[index], 1, MONEY_JUDGE, out)));
      }
    }
    let best = made;
    for (const [index, equity] of judged) if (equity > judged.get(best)! + 1e-12) best = index;
    return { best, bestEquity: judged.get(best)!, madeEquity: judged.get(made)! };
  }

  /** The normalised equity of the best play of `dice` for `colour` from `position` (no play: the turn passes). */
  bestEquity(state: MatchState, colour: Colour, position: Position, dice: Dice, firstTurn: boolean): number {
    const base = situation(state, colour, newOutcomes());
    const plays = legalPlays(state.config.variant, position, dice, { firstTurn });
    if (plays.length === 0) return normalised(base, this.passed(position, newOutcomes()));
    const out = newOutcomes();
    let best = -Infinity;
    for (const play of plays) best = Math.max(best, normalised(base, this.evaluator.playOutcomes(play, out)));
    return best;
  }

  /** The chances of `colour`, on roll in `state` before throwing: the network's own (0 ply), or the average after its best play of each roll (1 ply). */
  onRoll(state: MatchState, colour: Colour): Outcomes {
    return chancesOnRoll(this.evaluator, positionFor(state, colour), this.plies, MONEY_JUDGE, newOutcomes());
  }

  /** The chances of the side that cannot play: the other side is on roll. */
  private passed(position: Position, out: Outcomes): Outcomes {
    return flipOutcomes(this.evaluator.evaluate(swapSides(position), out), out);
  }
}

/** The player's cube-dead equity of `outcomes` (the cube as it stands), normalised to the cube's value. */
export function normalised(base: CubeSituation, outcomes: Outcomes): number {
  return normalise(base, cubefulWorth({ ...base, outcomes, efficiency: 0 }, base.value, base.holder));
}

/** A worth (match-winning chance, or points) in normalised equity at the cube's value: +1 wins it, -1 loses it. */
export function normalise(base: CubeSituation, worth: number): number {
  const win = base.worth(base.value);
  const lose = base.worth(-base.value);
  return (2 * (worth - lose)) / (win - lose) - 1;
}

/** A normalised equity back in the result's terms (match-winning chance, or points): for luck's cost. */
export function denormalisedSpan(base: CubeSituation): number {
  return (base.worth(base.value) - base.worth(-base.value)) / 2;
}

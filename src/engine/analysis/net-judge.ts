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
import { CHECKERS_PER_SIDE, opponentOf, type Colour, type Dice, type Play, type Position } from '../types.js';
import { situation } from '../bot/bot-decision.js';
import { cubefulWorth, type CubeSituation } from '../bot/cube-decision.js';
import type { Evaluator } from '../bot/evaluator.js';
import { cubelessEquity, flipOutcomes, newOutcomes, type Outcomes } from '../bot/outcomes.js';
import { ROLLS } from './throws.js';

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
      for (const index of again) judged.set(index, normalised(base, this.afterReplies(state, colour, plays[index])));
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
    const position = positionFor(state, colour);
    if (this.plies === 0) return this.evaluator.evaluate(position, newOutcomes());
    return this.averageOverRolls(state, colour, position);
  }

  /** The mover's chances after `play`, averaged over the opponent's rolls, each answered by its best 0-ply play. */
  private afterReplies(state: MatchState, colour: Colour, play: Play): Outcomes {
    if (play.position.player.off === CHECKERS_PER_SIDE) return this.evaluator.playOutcomes(play, newOutcomes());
    const theirs = this.averageOverRolls(state, opponentOf(colour), swapSides(play.position));
    return flipOutcomes(theirs, theirs);
  }

  /** `colour`'s chances on roll at `position` (its side first): the mean over the 21 rolls of the chances after its best play. */
  private averageOverRolls(state: MatchState, colour: Colour, position: Position): Outcomes {
    const sum = newOutcomes();
    const out = newOutcomes();
    const firstTurn = state.game.firstTurn[colour];
    for (const { dice, weight } of ROLLS) {
      const plays = legalPlays(state.config.variant, position, dice, { firstTurn });
      const chances = plays.length === 0 ? this.passed(position, out) : this.bestByCubeless(plays, out);
      for (let i = 0; i < 5; i++) sum[i] += weight * chances[i];
    }
    return sum;
  }

  /** The chances of the side that cannot play: the other side is on roll. */
  private passed(position: Position, out: Outcomes): Outcomes {
    return flipOutcomes(this.evaluator.evaluate(swapSides(position), out), out);
  }

  private bestByCubeless(plays: readonly Play[], out: Outcomes): Outcomes {
    let best = -Infinity;
    const chances = newOutcomes();
    for (const play of plays) {
      const equity = cubelessEquity(this.evaluator.playOutcomes(play, out));
      if (equity > best) {
        best = equity;
        chances.set(out);
      }
    }
    out.set(chances);
    return out;
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

/**
 * Each player's figures from the decisions and throws of an analysis, as GNU
 * Backgammon sums them (docs/analysis.md "Figures"): PR is 500 × the mean
 * normalised error per unforced decision (plays with a choice and counted cube
 * decisions together); the error rates are millipoints per decision of their
 * kind; the luck-adjusted result is the result less the difference of the two
 * players' luck, in the result's terms.
 */
import { opponentOf, type Colour } from '../types.js';
import type { AnalysedGame, PlayerFigures } from './analysis.js';

/** The figures of both players; `actualResult` is each one's result (match-winning chance gained, or points). */
export function playerFigures(
  games: readonly AnalysedGame[],
  actualResult: Readonly<Record<Colour, number>>,
): Record<Colour, PlayerFigures> {
  const sums = { white: newSums(), black: newSums() };
  for (const game of games) {
    for (const decision of game.decisions) {
      const sum = sums[decision.by];
      if (decision.mark === 'doubtful') sum.doubtful++;
      else if (decision.mark === 'bad') sum.bad++;
      else if (decision.mark === 'very-bad') sum.veryBad++;
      if (!decision.counted) continue;
      if (decision.kind === 'play') {
        sum.plays++;
        sum.playError += decision.loss;
      } else {
        sum.cube++;
        sum.cubeError += decision.loss;
      }
    }
    for (const roll of game.rolls) {
      sums[roll.by].luck += roll.luck;
      sums[roll.by].luckCost += roll.luckCost;
    }
  }
  const figures = (colour: Colour): PlayerFigures => {
    const mine = sums[colour];
    const theirs = sums[opponentOf(colour)];
    const decisions = mine.plays + mine.cube;
    return {
      pr: rate(500 * (mine.playError + mine.cubeError), decisions),
      chequerErrorRate: rate(1000 * mine.playError, mine.plays),
      cubeErrorRate: rate(1000 * mine.cubeError, mine.cube),
      unforcedDecisions: decisions,
      unforcedPlays: mine.plays,
      cubeDecisions: mine.cube,
      luck: mine.luck,
      actualResult: actualResult[colour],
      luckAdjustedResult: actualResult[colour] - (mine.luckCost - theirs.luckCost),
      errors: { doubtful: mine.doubtful, bad: mine.bad, veryBad: mine.veryBad },
    };
  };
  return { white: figures('white'), black: figures('black') };
}

function newSums() {
  return { plays: 0, playError: 0, cube: 0, cubeError: 0, luck: 0, luckCost: 0, doubtful: 0, bad: 0, veryBad: 0 };
}

function rate(total: number, count: number): number {
  return count === 0 ? 0 : total / count;
}

/**
 * Match and money-session scoring (docs/rules.md M2-M4, N3): what a finished game
 * is worth, the score, the Crawford game, the end of a match, and who starts
 * the next game. Pure functions over immutable values.
 */
import type { CubeState } from './cube.js';
import { gameResult, highestMultiplier, resultKindOf, type ResultKind, type ResultMultiplier } from './result.js';
import type { RulesOptions } from './rules-options.js';
import { opponentOf, type Colour, type SideBoard, type Variant } from './types.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;
const { isInteger } = Number;

export interface MatchScore {
  readonly white: number;
  readonly black: number;
}

/** Where a match stands between games. `length` 0 is a money session. */
export interface MatchProgress {
  readonly length: number;
  readonly score: MatchScore;
  /** The coming (or current) game is the Crawford game: no cube (M3). */
  readonly crawfordGame: boolean;
  /** The Crawford game has been played: the cube is used again, and there is no other Crawford game. */
  readonly postCrawford: boolean;
  /** Set once a player reaches `length` points. Always null in money sessions. */
  readonly winner: Colour | null;
}

/**
 * How a game ended: the 15th checker borne off, a dropped double, an accepted
 * resignation, or a money session left during the game (M6).
 */
export type GameEndReason = 'bear-off' | 'drop' | 'resignation' | 'leave';

/** A finished game and what it scores. */
export interface GameOutcome {
  readonly winner: Colour;
  readonly reason: GameEndReason;
  readonly kind: ResultKind;
  /** 1, 2 or 3 as the game ended (before Jacoby). A drop is always 1. */
  readonly multiplier: ResultMultiplier;
  readonly homeMars: boolean;
  /** The cube value the game is scored at (for a drop, the value before the double). */
  readonly cubeValue: number;
  /** Whether the Jacoby rule counted a gammon or backgammon as single. */
  readonly jacoby: boolean;
  /** Points added to the winner's score. */
  readonly points: number;
}

export function newMatchProgress(length: number): MatchProgress {
  if (!isInteger(length) || length < 0)
    throw new RangeError('match length must be a whole number, 0 for a money session');
  return freezeObject({
    length,
    score: freezeObject({ white: 0, black: 0 }),
    crawfordGame: false,
    postCrawford: false,
    winner: null,
  });
}

/**
 * Jacoby (M4): in a money session with the option, gammons and backgammons
 * count single unless a double was made in the game, i.e. while the cube is
 * still centred (automatic doubles leave it centred). `rules` are the
 * effective rules, where `jacoby` is already off in matches.
 */
export function jacobyApplies(rules: RulesOptions, cube: CubeState): boolean {
  return rules.jacoby && cube.owner === 'centre';
}

/** A game won by bearing off the 15th checker, judged on the loser's board (B6, N7) at the cube value. */
export function bearOffOutcome(
  variant: Variant,
  winner: Colour,
  loser: SideBoard,
  cube: CubeState,
  rules: RulesOptions,
): GameOutcome {
  const result = gameResult(variant, loser, { koks: rules.koks });
  return scored(variant, winner, 'bear-off', result.multiplier, result.homeMars, cube, rules);
}

/** A game won by an accepted resignation of 1, 2 or 3 times the cube (M2), Jacoby applying as to a played-out game. */
export function resignationOutcome(
  variant: Variant,
  winner: Colour,
  multiplier: ResultMultiplier,
  cube: CubeState,
  rules: RulesOptions,
): GameOutcome {
  return scored(variant, winner, 'resignation', multiplier, false, cube, rules);
}

/**
 * A game of a money session forfeited by leaving it (M6): the most the game
 * can be worth at the current cube, a backgammon (koks; a mars in long nardy
 * without koks), Jacoby applying as to a played-out game, so that leaving
 * never costs less than playing on and losing.
 */
export function leaveOutcome(variant: Variant, winner: Colour, cube: CubeState, rules: RulesOptions): GameOutcome {
  return scored(variant, winner, 'leave', highestMultiplier(variant, rules), false, cube, rules);
}

/** A game won because the opponent dropped a double: single at the value before the double (M1). */
export function dropOutcome(variant: Variant, winner: Colour, pointsBeforeDouble: number): GameOutcome {
  return freezeObject({
    winner,
    reason: 'drop' as const,
    kind: resultKindOf(variant, 1),
    multiplier: 1 as const,
    homeMars: false,
    cubeValue: pointsBeforeDouble,
    jacoby: false,
    points: pointsBeforeDouble,
  });
}

/**
 * The match after a game: the winner's points added; the match won when a
 * player reaches `length` (matches only); and the Crawford state (M3): when a
 * game brings a player to exactly length - 1 while the opponent has fewer,
 * the next game is the Crawford game, once per match; the game after it is
 * post-Crawford. At length - 1 all (both players at length - 1) there is no
 * Crawford game.
 */
export function recordGame(progress: MatchProgress, outcome: GameOutcome, rules: RulesOptions): MatchProgress {
  if (progress.winner !== null) throw new RangeError('the match is already over');
  const { length } = progress;
  const winner = outcome.winner;
  const loser = opponentOf(winner);
  const score: MatchScore = freezeObject({
    ...progress.score,
    [winner]: progress.score[winner] + outcome.points,
  });
  const matchWinner = length > 0 && score[winner] >= length ? winner : null;
  const postCrawford = progress.postCrawford || progress.crawfordGame;
  const crawfordGame =
    matchWinner === null &&
    length > 0 &&
    rules.crawford &&
    !postCrawford &&
    score[winner] === length - 1 &&
    score[loser] < length - 1;
  return freezeObject({ length, score, crawfordGame, postCrawford, winner: matchWinner });
}

/** Who starts a game: backgammon always by opening roll (B2); long nardy's later games by `nextGameStarter` (N3). */
export function nextGameStart(
  variant: Variant,
  rules: RulesOptions,
  previousWinner: Colour | null,
): 'opening-roll' | Colour {
  if (variant === 'backgammon' || previousWinner === null) return 'opening-roll';
  return rules.nextGameStarter === 'winner' ? previousWinner : 'opening-roll';
}

function scored(
  variant: Variant,
  winner: Colour,
  reason: GameEndReason,
  multiplier: ResultMultiplier,
  homeMars: boolean,
  cube: CubeState,
  rules: RulesOptions,
): GameOutcome {
  const jacoby = multiplier > 1 && jacobyApplies(rules, cube);
  return freezeObject({
    winner,
    reason,
    kind: resultKindOf(variant, multiplier),
    multiplier,
    homeMars,
    cubeValue: cube.value,
    jacoby,
    points: (jacoby ? 1 : multiplier) * cube.value,
  });
}

/**
 * A match's analysis (docs/analysis.md): for every decision a player took, the
 * choice made, the engine's best, and the equity given away; for every throw,
 * its luck; for each player, the error rates and the luck-adjusted result.
 * Whatever engine made it (GNU Backgammon, the service's own network), an
 * analysis has this shape. Equities are normalised as GNU Backgammon's are:
 * +1 is winning the cube's value now, -1 losing it, at the match's score
 * (match play) or in points per cube (money sessions).
 */
import type { Colour, Dice, Move } from '../types.js';

/** What was decided: a play with a choice; to double or not; the answer to a double; the answer to a resignation. */
export type DecisionKind = 'play' | 'cube' | 'take' | 'resignation';

/** GNU Backgammon's marks for an error, by the equity given away (marks.ts). */
export type ErrorMark = 'doubtful' | 'bad' | 'very-bad';

/** A cube or resignation choice, as `played` and `best` name it. */
export type CubeChoice = 'no-double' | 'double' | 'too-good' | 'take' | 'drop' | 'beaver' | 'accept' | 'reject';

export interface AnalysedDecision {
  /** The event that made the decision: the play, the roll (no double), the double, the answer. */
  readonly seq: number;
  readonly by: Colour;
  readonly kind: DecisionKind;
  /** The play's text (`24/18 13/10`), or the cube choice. */
  readonly played: string;
  readonly best: string;
  /** For plays: the moves played and the best play's, in the mover's numbering, for drawing both. */
  readonly playedMoves?: readonly Move[];
  readonly bestMoves?: readonly Move[];
  /** The equity given away against the best choice: 0 for the best, never negative. */
  readonly loss: number;
  readonly mark: ErrorMark | null;
  /** Whether it counts among the player's unforced decisions (PR, error rates), as GNU Backgammon counts. */
  readonly counted: boolean;
  /** For plays: the luck of the throw played. */
  readonly luck?: number;
}

/** A throw and its luck: the equity after the best play of this throw less the average over every throw. */
export interface AnalysedRoll {
  readonly seq: number;
  readonly by: Colour;
  readonly dice: Dice;
  readonly luck: number;
  /** The same luck in the result's terms: match-winning chance at match play, points in money sessions. */
  readonly luckCost: number;
}

export interface AnalysedGame {
  readonly number: number;
  readonly decisions: readonly AnalysedDecision[];
  readonly rolls: readonly AnalysedRoll[];
}

/** One player's figures over the match. */
export interface PlayerFigures {
  /** Performance rating: 500 × the mean normalised error per unforced decision. */
  readonly pr: number;
  /** Mean error per unforced play, in millipoints (thousandths of normalised equity). */
  readonly chequerErrorRate: number;
  /** Mean error per counted cube decision, in millipoints. */
  readonly cubeErrorRate: number;
  /** Unforced plays plus counted cube decisions: PR's denominator. */
  readonly unforcedDecisions: number;
  readonly unforcedPlays: number;
  readonly cubeDecisions: number;
  /** Sum of the player's throws' luck (normalised equity). */
  readonly luck: number;
  /** The result less the luck of both players' throws: match-winning chance at match play, points in money sessions. */
  readonly luckAdjustedResult: number;
  readonly actualResult: number;
  readonly errors: { readonly doubtful: number; readonly bad: number; readonly veryBad: number };
}

/** What made the analysis: the engine's name and its look-ahead. */
export interface AnalysisEngine {
  readonly name: string;
  readonly plies: number;
}

export interface MatchAnalysis {
  readonly engine: AnalysisEngine;
  readonly players: { readonly white: PlayerFigures; readonly black: PlayerFigures };
  readonly games: readonly AnalysedGame[];
}

/**
 * The state of a match, as the fold of its events (apply.ts) leaves it, and
 * what can be read straight off it: who must act, and the board as one
 * colour sees it. States are immutable (frozen) values.
 *
 * - The board is kept by colour, each side in its own numbering
 *   (docs/architecture.md "Board JSON"); the move generator works on the
 *   mover-oriented `Position` ({player: mover, opponent}), converted at the
 *   boundary (`positionFor`).
 * - `phase` says who must act and what they decide: the opening roll, roll
 *   (or double, see `mayDouble`), an answer to a double (take/drop/beaver),
 *   a play, an answer to a resignation, the recording of a finished game,
 *   and the end of the match.
 */
import type { CubeOffer, CubeState } from './cube.js';
import type { ColourBoard, MatchResult, ResignationOffer } from './events.js';
import type { RulesOptions } from './rules-options.js';
import type { GameOutcome, MatchProgress } from './scoring.js';
import type { Colour, Dice, Move, Play, Position, Variant } from './types.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;

export interface MatchConfig {
  readonly variant: Variant;
  /** Points to win; 0 = money session. */
  readonly length: number;
  /** The rules as agreed (defaults filled in). */
  readonly rules: RulesOptions;
  /** The rules that apply to this kind of match (money-only options off in matches, and so on). */
  readonly effectiveRules: RulesOptions;
}

/** What the match waits for, and from whom. */
export type Phase =
  | { readonly kind: 'awaiting-players' }
  /** Either player may ask for the opening throw. */
  | { readonly kind: 'opening-roll' }
  /** `player` rolls, or doubles first when `mayDouble`. */
  | { readonly kind: 'roll'; readonly player: Colour; readonly mayDouble: boolean }
  /** `player` answers `offer`: take, drop, or beaver when `mayBeaver`. `onRoll` rolls after a take. */
  | {
      readonly kind: 'cube-response';
      readonly player: Colour;
      readonly offer: CubeOffer;
      readonly mayBeaver: boolean;
      readonly onRoll: Colour;
    }
  /**
   * `player` plays `dice`; `plays` are all legal plays (never empty: a roll
   * without one passes). `plays` is a getter built on first access: read it
   * (or JSON.stringify the phase) rather than spreading the phase.
   */
  | { readonly kind: 'play'; readonly player: Colour; readonly dice: Dice; readonly plays: readonly Play[] }
  /** `player` accepts or rejects `offer`; a rejection returns to `resume`. */
  | {
      readonly kind: 'resignation-response';
      readonly player: Colour;
      readonly offer: ResignationOffer;
      readonly resume: ResumablePhase;
    }
  /** The game is over (score already counted); a `game-end` record must follow. */
  | { readonly kind: 'game-over'; readonly outcome: GameOutcome }
  /** The match is over; `recorded` once its `match-end` record is applied. */
  | { readonly kind: 'match-over'; readonly result: MatchResult; readonly recorded: boolean }
  | { readonly kind: 'aborted'; readonly by: Colour }
  | { readonly kind: 'declined'; readonly by: Colour };

export type PhaseKind = Phase['kind'];

/** The phases a resignation may interrupt, and a rejection returns to. */
export type ResumablePhase = Extract<Phase, { kind: 'roll' | 'play' }>;

export type MatchStatus = 'awaiting-players' | 'playing' | 'finished' | 'aborted' | 'declined';

export interface GameState {
  /** 1-based number of the game in the match. */
  readonly number: number;
  readonly board: ColourBoard;
  readonly cube: CubeState;
  /** Whether this is the Crawford game (no cube). */
  readonly crawford: boolean;
  /** Whether each player has yet to take a turn in this game (long nardy head-rule exception, N5). */
  readonly firstTurn: { readonly white: boolean; readonly black: boolean };
  /** Automatic doubles made on opening ties this game. */
  readonly automaticDoubles: number;
  /** Whether a throw has been made in this game. */
  readonly started: boolean;
  /** The last throw of the game (a roll that passed included). */
  readonly lastRoll: { readonly player: Colour; readonly dice: Dice; readonly passed: boolean } | null;
  /** The last checker play of the game, with its dice and the board it was made on; null before the first. */
  readonly lastPlay: LastPlay | null;
}

/** A checker play as made: who, with which dice, its moves (canonical) and the board before it. */
export interface LastPlay {
  readonly player: Colour;
  readonly dice: Dice;
  readonly moves: readonly Move[];
  readonly before: ColourBoard;
}

export interface MatchState {
  readonly config: MatchConfig;
  readonly status: MatchStatus;
  /** Colours seated, in join order. */
  readonly joined: readonly Colour[];
  /** Client seeds in join order (dice.ts). */
  readonly clientSeeds: readonly string[];
  /** Score, Crawford state, match winner. */
  readonly progress: MatchProgress;
  readonly game: GameState;
  readonly phase: Phase;
  /** Outcomes of the finished games, in order. */
  readonly games: readonly GameOutcome[];
  /** Index of the next throw for dice.ts. */
  readonly rollIndex: number;
  /** Whether any play has been made in the match (a stored abort is allowed before; a new one only before any throw, M6). */
  readonly played: boolean;
  /**
   * Each player's real decisions: the checker plays they made when the roll had more than one
   * legal play (forced plays, made by the player or for them, and rolls that pass are not
   * counted). A leave or a timeout before both reach the threshold leaves a rated match unrated
   * (docs/rules.md "Ratings").
   */
  readonly choices: Readonly<Record<Colour, number>>;
  /** Number of events applied. */
  readonly eventCount: number;
}

/** How a match is created: `newMatch` (apply.ts) and `replay` start from these. */
export interface NewMatchOptions {
  readonly variant: Variant;
  readonly length: number;
  readonly rules?: Partial<RulesOptions>;
}

/** The colour that must act now, 'either' for the opening roll, null when nobody must. */
export function toAct(state: MatchState): Colour | 'either' | null {
  const { phase } = state;
  switch (phase.kind) {
    case 'roll':
    case 'cube-response':
    case 'play':
    case 'resignation-response':
      return phase.player;
    case 'opening-roll':
      return 'either';
    default:
      return null;
  }
}

/** The position as `colour` sees it: `player` is `colour`, each side in its own numbering. */
export function positionFor(state: MatchState, colour: Colour): Position {
  return positionOf(state.game.board, colour);
}

/** `board` as `player` sees it (the move generator's orientation). */
export function positionOf(board: ColourBoard, player: Colour): Position {
  return player === 'white'
    ? freezeObject({ player: board.white, opponent: board.black })
    : freezeObject({ player: board.black, opponent: board.white });
}

/** The board by colour after `mover` played to `after` (mover-oriented, as the move generator gives it). */
export function colourBoardOf(after: Position, mover: Colour): ColourBoard {
  return freezeObject(
    mover === 'white' ? { white: after.player, black: after.opponent } : { white: after.opponent, black: after.player },
  );
}

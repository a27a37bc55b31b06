/**
 * A board picture as data (docs/architecture.md, "Board pictures"): all that
 * board-svg.ts draws, and nothing it would have to work out by the rules.
 * Built here from the engine's values: a stateless position, or a match state
 * after any event.
 */
import {
  pipCount,
  positionFor,
  toAct,
  type Colour,
  type Dice,
  type MatchState,
  type Position,
  type SideBoard,
  type Variant,
} from '../engine/index.js';

export interface PictureCube {
  readonly value: number;
  /** null when the cube is in the middle. */
  readonly owner: Colour | null;
  /** A double waiting for an answer: who offered it, and the value the cube shows if it is taken. */
  readonly offer: { readonly by: Colour; readonly value: number } | null;
}

export interface PictureDice {
  readonly values: Dice;
  /** Who threw them (and must play them). */
  readonly player: Colour;
  /** Which of the two dice are played already (a play being made): drawn faded. None when absent. */
  readonly used?: readonly [boolean, boolean];
}

export interface BoardPicture {
  readonly variant: Variant;
  /** The colour drawn at the bottom, in whose numbering the points are labelled. */
  readonly perspective: Colour;
  /** Each colour's checkers in its own numbering (docs/architecture.md, "Board JSON"). */
  readonly board: { readonly white: SideBoard; readonly black: SideBoard };
  /** The dice waiting to be played; null when no play is awaited. */
  readonly dice: PictureDice | null;
  /** null when the game has no cube: the rules leave it out, the Crawford game, or a position without one. */
  readonly cube: PictureCube | null;
  /** Match points of each colour; null outside a match. */
  readonly score: { readonly white: number; readonly black: number } | null;
  /** Points to win, 0 for a money session; null outside a match. */
  readonly matchLength: number | null;
  /** Whether this game is the Crawford game. */
  readonly crawford: boolean;
  readonly pips: { readonly white: number; readonly black: number };
  /** Who must act now (marked beside the name); null when nobody in particular. */
  readonly onTurn: Colour | null;
  /** How each side is named; the colour's name where missing. */
  readonly names?: { readonly white?: string; readonly black?: string };
  /** The last play, marked on the board (each move a line from where it left to where it landed); none when absent. */
  readonly lastPlay?: PlayMarks;
  /** A better play than the one marked (an analysis's best), drawn dashed beside it; none when absent. */
  readonly bestPlay?: PlayMarks;
}

/** A play to mark on the board: whose, and its moves in that colour's numbering. */
export interface PlayMarks {
  readonly by: Colour;
  readonly moves: readonly { readonly from: number; readonly to: number }[];
}

/** Which side of a stateless position the viewer is: the side to move (`player`) or the other. */
export type PositionPerspective = 'player' | 'opponent';
export const POSITION_PERSPECTIVES: readonly PositionPerspective[] = ['player', 'opponent'];

/**
 * A stateless position (`player` to move) as a picture: the side to move plays
 * white and the other black, and the viewer is `perspective`. No cube, dice or
 * score: a position alone has none.
 */
export function positionPicture(
  variant: Variant,
  position: Position,
  perspective: PositionPerspective = 'player',
): BoardPicture {
  const pips = pipCount(position);
  return {
    variant,
    perspective: perspective === 'player' ? 'white' : 'black',
    board: { white: position.player, black: position.opponent },
    dice: null,
    cube: null,
    score: null,
    matchLength: null,
    crawford: false,
    pips: { white: pips.player, black: pips.opponent },
    onTurn: 'white',
    names: { white: 'Player to move', black: 'Opponent' },
  };
}

/**
 * A match state (after any event) as a picture seen by `perspective`: the
 * game's board, the dice to play, the cube when the game uses one, the score
 * and the match length. A name shows only once its colour has joined in
 * `state`, so that the picture after an event never changes.
 */
export function matchPicture(
  state: MatchState,
  perspective: Colour,
  names: { readonly white?: string; readonly black?: string } = {},
): BoardPicture {
  const { game, phase, config } = state;
  const pips = pipCount(positionFor(state, 'white'));
  const actor = toAct(state);
  return {
    variant: config.variant,
    perspective,
    board: { white: game.board.white, black: game.board.black },
    dice: phase.kind === 'play' ? { values: phase.dice, player: phase.player } : null,
    cube: cubeOf(state),
    score: { white: state.progress.score.white, black: state.progress.score.black },
    matchLength: config.length,
    crawford: game.crawford,
    pips: { white: pips.player, black: pips.opponent },
    onTurn: actor === 'white' || actor === 'black' ? actor : null,
    names: {
      white: state.joined.includes('white') ? names.white : undefined,
      black: state.joined.includes('black') ? names.black : undefined,
    },
  };
}

function cubeOf(state: MatchState): PictureCube | null {
  const { game, config } = state;
  if (!config.effectiveRules.cube || game.crawford) return null;
  const { cube } = game;
  return {
    value: cube.value,
    owner: cube.owner === 'centre' ? null : cube.owner,
    offer: cube.offer === null ? null : { by: cube.offer.by, value: cube.offer.value },
  };
}

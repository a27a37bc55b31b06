/**
 * A match as the API answers it (`GET /api/matches/{id}`, MatchStateDto in openapi.json) turned
 * into the BoardPicture the service draws its board.svg from (docs/architecture.md, "Board
 * pictures"), so that the page's board and the picture are one drawing. Pure.
 */
import { pipCount, sideBoard, type SideBoard } from '../../../src/engine/index.js';
import type { BoardPicture, PictureCube, PictureDice } from '../../../src/board-drawing/index.js';
import type { Colour, MatchState } from '../api/client.js';
import { diceOf } from '../match/dice.js';

/** One colour's checkers in its own numbering, as the API writes them (`off` may be left out). */
export interface SideBoardLike {
  readonly points: readonly number[];
  readonly bar?: number;
  readonly off?: number;
}

/** Both colours' checkers, each in its own numbering. */
export interface ColourBoardLike {
  readonly white: SideBoardLike;
  readonly black: SideBoardLike;
}

const other = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

/**
 * The picture of `state` seen by `perspective`. `board`, when given, is drawn instead of the
 * game's (a play half made on the page), with the pips counted from it. With `markLastPlay`, the
 * game's last play (`game.lastPlay`) is marked on the board: give it only when the board drawn is
 * the one after that play.
 */
export function pictureOfMatch(
  state: MatchState,
  perspective: Colour,
  board?: ColourBoardLike,
  markLastPlay = false,
): BoardPicture {
  const { game, turn, players } = state;
  const shown = { white: sideOf(board?.white ?? game.board.white), black: sideOf(board?.black ?? game.board.black) };
  const pips = board === undefined ? game.pips : pipsOf(shown);
  return {
    variant: state.variant,
    perspective,
    board: shown,
    dice: picturedDice(state),
    cube: cubeOf(state),
    score: { white: state.score.white, black: state.score.black },
    matchLength: state.length,
    crawford: state.crawford,
    pips: { white: pips.white, black: pips.black },
    onTurn: turn.player,
    names: { white: players.white?.username, black: players.black?.username },
    ...(markLastPlay && game.lastPlay !== null
      ? { lastPlay: { by: game.lastPlay.by, moves: game.lastPlay.moves } }
      : {}),
  };
}

/** A side with its borne-off count worked out when the API left it out (15 less the rest). */
function sideOf(side: SideBoardLike): SideBoard {
  const full = sideBoard(side.points, side.bar ?? 0);
  return side.off === undefined ? full : { ...full, off: side.off };
}

function pipsOf(board: { readonly white: SideBoard; readonly black: SideBoard }) {
  const pips = pipCount({ player: board.white, opponent: board.black });
  return { white: pips.player, black: pips.opponent };
}

/** The dice while a play is awaited: thrown by the player who must play them. */
function picturedDice({ game, turn }: MatchState): PictureDice | null {
  if (turn.awaiting !== 'play' || turn.player === null) return null;
  const values = diceOf(game.dice);
  return values === null ? null : { values, player: turn.player };
}

/**
 * The cube when the game uses one (the rules have it, and this is not the Crawford game). While a
 * double waits for an answer from `turn.player`, the other player has offered the cube at twice
 * its value (after a beaver too: the cube then shows the taken value, owned by the beaverer).
 */
function cubeOf({ game, turn, rules, crawford }: MatchState): PictureCube | null {
  if (!rules.cube || crawford) return null;
  const { value, owner } = game.cube;
  const offer =
    turn.awaiting === 'cube-response' && turn.player !== null ? { by: other(turn.player), value: value * 2 } : null;
  return { value, owner, offer };
}

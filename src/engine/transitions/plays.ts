/**
 * Playing a roll. A play given in its canonical moves, as stored, is found
 * in the search the roll made (`PlayList.indexOfMoves`); any other order of
 * moves, gnubg text, or a refusal goes through `validatePlay` (C5). The play
 * that bears off the 15th checker ends the game at once (C3, C6: the loser
 * gets no last roll), scored on the loser's board (B6, N7).
 *
 * Store plays with `playEventFor`, which gives the canonical moves and the
 * board after the play.
 */
import { illegalPlay, ok, refuse, type ApplyResult, type Refusal } from '../apply-result.js';
import { makePosition, positionsEqual } from '../board.js';
import type { ColourBoard, PlayEvent } from '../events.js';
import { colourBoardOf, positionOf, type GameState, type MatchState } from '../match-state.js';
import { validatePlay } from '../play-validation.js';
import { bearOffOutcome } from '../scoring.js';
import { CHECKERS_PER_SIDE, opponentOf, type Colour, type Move, type Play, type Position } from '../types.js';
import { inPlay, phaseRefusal } from './guards.js';
import { afterFirstTurn, endGame, freeze, rollPhase, withGame, withState } from './next-state.js';
import { PlayPhase } from './play-phase.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { isArray } = Array;

export function play(state: MatchState, event: PlayEvent): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'play')
    return refuse(phaseRefusal(phase, event.by), `Playing is not possible now (${phase.kind}).`);
  if (phase.player !== event.by) return refuse('not-your-turn', `It is ${phase.player}'s turn to play.`);
  if (!isArray(event.moves)) return refuse('bad-event', '`moves` must be an array of {from, to}.');
  const { variant } = state.config;
  const game = state.game;
  const mover = event.by;
  let after: Position;
  // The play's moves in canonical order (the fast path finds only a play given in that order).
  let moves: readonly Move[] = event.moves;
  const search = PlayPhase.searchOf(phase);
  const index = search === undefined ? -1 : search.indexOfMoves(event.moves);
  if (search !== undefined && index >= 0) {
    after = search.position(index);
  } else {
    const validation = validatePlay(variant, positionOf(game.board, mover), phase.dice, event.moves, {
      firstTurn: game.firstTurn[mover],
    });
    if (!validation.ok) return illegalPlay(validation.message, validation.reason);
    after = validation.play.position;
    moves = validation.play.moves;
  }
  const board = colourBoardOf(after, mover);
  if (event.board !== undefined && !sameBoard(event.board, board)) {
    return refuse('record-mismatch', 'The stored board after the play differs from the engine’s.');
  }
  const lastPlay = freeze({ player: mover, dice: phase.dice, moves, before: game.board });
  const played: GameState = withGame(game, { board, firstTurn: afterFirstTurn(game.firstTurn, mover), lastPlay });
  const choices = (search?.count ?? phase.plays.length) > 1 ? withChoice(state.choices, mover) : state.choices;
  if (after.player.off === CHECKERS_PER_SIDE) {
    const outcome = bearOffOutcome(variant, mover, after.opponent, game.cube, state.config.effectiveRules);
    return ok(endGame(withState(state, { played: true, choices, game: played }), outcome));
  }
  return ok(
    withState(state, { played: true, choices, game: played, phase: rollPhase(state, played, opponentOf(mover)) }),
  );
}

/** `choices` with one more real decision by `mover` (MatchState.choices). */
function withChoice(choices: Readonly<Record<Colour, number>>, mover: Colour): Readonly<Record<Colour, number>> {
  return freeze(
    mover === 'white'
      ? { white: choices.white + 1, black: choices.black }
      : { white: choices.white, black: choices.black + 1 },
  );
}

/**
 * The event to store for a play a player submits (moves in any legal order,
 * or text such as "24/18 13/11"): the canonical moves and the board after
 * the play. Refused with the same reasons `apply` gives.
 */
export function playEventFor(
  state: MatchState,
  by: Colour,
  submission: readonly Move[] | string,
): { readonly ok: true; readonly event: PlayEvent; readonly play: Play } | Refusal {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'play') return refuse(phaseRefusal(phase, by), `Playing is not possible now (${phase.kind}).`);
  if (phase.player !== by) return refuse('not-your-turn', `It is ${phase.player}'s turn to play.`);
  const validation = validatePlay(state.config.variant, positionOf(state.game.board, by), phase.dice, submission, {
    firstTurn: state.game.firstTurn[by],
  });
  if (!validation.ok) return illegalPlay(validation.message, validation.reason);
  const board = colourBoardOf(validation.play.position, by);
  return { ok: true, event: freeze({ type: 'play', by, moves: validation.play.moves, board }), play: validation.play };
}

/**
 * A play's moves in their canonical order, as `playEventFor` stores them; null
 * when they are not a legal play. A stored play is found in the roll's search
 * at once; only another order of moves is validated.
 */
export function canonicalMoves(state: MatchState, by: Colour, moves: readonly Move[]): readonly Move[] | null {
  const { phase } = state;
  if (phase.kind === 'play' && phase.player === by && (PlayPhase.searchOf(phase)?.indexOfMoves(moves) ?? -1) >= 0)
    return moves;
  const made = playEventFor(state, by, moves);
  return made.ok ? made.event.moves : null;
}

/** Whether a stored board (untrusted shape) equals the engine's. */
function sameBoard(stored: ColourBoard, engine: ColourBoard): boolean {
  const wellFormed = (side: unknown): boolean => {
    const points = side !== null && typeof side === 'object' ? (side as { points?: unknown }).points : undefined;
    return isArray(points) && points.length === 24;
  };
  if (stored === null || typeof stored !== 'object' || !wellFormed(stored.white) || !wellFormed(stored.black))
    return false;
  return (
    positionsEqual(makePosition(stored.white, stored.black), makePosition(engine.white, engine.black)) &&
    stored.white.off === engine.white.off &&
    stored.black.off === engine.black.off
  );
}

/**
 * Throws: the opening roll (B2, N3: one die each, ties thrown again, with an
 * automatic double where agreed, M4) and the roll of the player on turn.
 * Rolls carry their dice (the engine never draws dice itself); `rollIndex`
 * counts throws, opening ties included, for dice.ts. A throw runs the move
 * generator once: the `play` phase keeps the search, and a roll with no
 * legal play passes the turn at once (C3; no empty play event).
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
import { automaticDouble } from '../cube.js';
import { findPlays } from '../legal-plays.js';
import { positionOf, type GameState, type MatchState } from '../match-state.js';
import { opponentOf, type Colour, type Dice } from '../types.js';
import { inPlay, isDie, phaseRefusal } from './guards.js';
import { afterFirstTurn, freeze, rollPhase, withGame, withState } from './next-state.js';
import { PlayPhase } from './play-phase.js';

const NO_MOVES: readonly never[] = Object.freeze([]);

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { isArray } = Array;

export function openingRoll(state: MatchState, white: unknown, black: unknown): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  if (state.phase.kind !== 'opening-roll') return refuse('unexpected-event', 'No opening roll is due.');
  if (!isDie(white) || !isDie(black)) return refuse('bad-dice', 'Each die is a whole number from 1 to 6.');
  const rollIndex = state.rollIndex + 1;
  const game = state.game;
  if (white === black) {
    const automatic = automaticDouble(game.cube, state.config.effectiveRules, game.automaticDoubles);
    return ok(
      withState(state, {
        rollIndex,
        game: withGame(game, {
          started: true,
          cube: automatic.cube,
          automaticDoubles: game.automaticDoubles + (automatic.doubled ? 1 : 0),
        }),
      }),
    );
  }
  const starter: Colour = white > black ? 'white' : 'black';
  return startTurnWithDice(
    state,
    withGame(game, { started: true }),
    starter,
    freeze([white, black] as const),
    rollIndex,
  );
}

export function roll(state: MatchState, by: Colour, dice: unknown): ApplyResult {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'roll') return refuse(phaseRefusal(phase, by), `Rolling is not possible now (${phase.kind}).`);
  if (phase.player !== by) return refuse('not-your-turn', `It is ${phase.player}'s turn to roll.`);
  if (!isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
    return refuse('bad-dice', 'A roll is two dice, each a whole number from 1 to 6.');
  }
  const thrown: Dice = freeze([dice[0], dice[1]] as const);
  return startTurnWithDice(state, withGame(state.game, { started: true }), by, thrown, state.rollIndex + 1);
}

/** After a throw: the play phase with the legal plays, or a pass when there is none. */
function startTurnWithDice(
  state: MatchState,
  game: GameState,
  player: Colour,
  dice: Dice,
  rollIndex: number,
): ApplyResult {
  const { variant } = state.config;
  const position = positionOf(game.board, player);
  // The engine's own positions are valid and the dice were checked: search directly (legalPlays minus its input checks).
  const list = findPlays(variant, position, dice, { firstTurn: game.firstTurn[player] });
  if (list.diceUsed === 0) {
    const passedGame = withGame(game, {
      firstTurn: afterFirstTurn(game.firstTurn, player),
      lastRoll: freeze({ player, dice, passed: true }),
      // A roll that cannot be played is the turn's play: no move (C1).
      lastPlay: freeze({ player, dice, moves: NO_MOVES, before: game.board }),
    });
    return ok(
      withState(state, { rollIndex, game: passedGame, phase: rollPhase(state, passedGame, opponentOf(player)) }),
    );
  }
  return ok(
    withState(state, {
      rollIndex,
      game: withGame(game, { lastRoll: freeze({ player, dice, passed: false }) }),
      phase: new PlayPhase(player, dice, list),
    }),
  );
}

/**
 * Building the next state: the frozen copies every transition makes, the
 * fresh game, the roll phase, and the ends of a game and of a match.
 *
 * States are built field by field rather than by object spread, which V8
 * runs an order of magnitude slower, and so keep one object shape for every
 * state; replaying a long history is mostly this.
 */
import { initialPosition } from '../board.js';
import { CENTRED_CUBE, mayDouble as cubeMayDouble } from '../cube.js';
import type { MatchResult } from '../events.js';
import type { GameState, MatchState, Phase } from '../match-state.js';
import { recordGame, type GameOutcome } from '../scoring.js';
import type { Colour, Variant } from '../types.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;

/** `Object.freeze`, typed as returning the value's own type `T` rather than `Readonly<T>`. */
export function freeze<T>(value: T): T {
  return freezeObject(value);
}

export const AWAITING_PLAYERS: Phase = freezeObject({ kind: 'awaiting-players' });
export const OPENING_ROLL: Phase = freezeObject({ kind: 'opening-roll' });

/** A new match's count of real decisions (MatchState.choices): none yet. */
export const NO_CHOICES: Readonly<Record<Colour, number>> = freezeObject({ white: 0, black: 0 });

type Changes<T> = { -readonly [K in keyof T]?: T[K] };

/** A new frozen state: `state` with `changes` (field by field, see above). */
export function withState(state: MatchState, changes: Changes<MatchState>): MatchState {
  return freezeObject({
    config: state.config,
    status: changes.status ?? state.status,
    joined: changes.joined ?? state.joined,
    clientSeeds: changes.clientSeeds ?? state.clientSeeds,
    progress: changes.progress ?? state.progress,
    game: changes.game ?? state.game,
    phase: changes.phase ?? state.phase,
    games: changes.games ?? state.games,
    rollIndex: changes.rollIndex ?? state.rollIndex,
    played: changes.played ?? state.played,
    choices: changes.choices ?? state.choices,
    eventCount: changes.eventCount ?? state.eventCount,
  });
}

/** A new frozen game: `game` with `changes` (see withState). */
export function withGame(game: GameState, changes: Changes<GameState>): GameState {
  return freezeObject({
    number: game.number,
    board: changes.board ?? game.board,
    cube: changes.cube ?? game.cube,
    crawford: game.crawford,
    firstTurn: changes.firstTurn ?? game.firstTurn,
    automaticDoubles: changes.automaticDoubles ?? game.automaticDoubles,
    started: changes.started ?? game.started,
    lastRoll: changes.lastRoll === undefined ? game.lastRoll : changes.lastRoll,
    lastPlay: changes.lastPlay === undefined ? game.lastPlay : changes.lastPlay,
  });
}

/** Game `number` in its starting position (B1, N1), the cube centred. */
export function freshGame(variant: Variant, number: number, crawford: boolean): GameState {
  const start = initialPosition(variant);
  return freeze({
    number,
    board: freeze({ white: start.player, black: start.opponent }),
    cube: CENTRED_CUBE,
    crawford,
    firstTurn: freeze({ white: true, black: true }),
    automaticDoubles: 0,
    started: false,
    lastRoll: null,
    lastPlay: null,
  });
}

/** The first-turn flags once `player` has taken a turn. */
export function afterFirstTurn(flags: GameState['firstTurn'], player: Colour): GameState['firstTurn'] {
  if (!flags[player]) return flags;
  return freezeObject(player === 'white' ? { white: false, black: flags.black } : { white: flags.white, black: false });
}

/** `player` to roll in `game`, with whether the cube may be turned first (M1, M3). */
export function rollPhase(state: MatchState, game: GameState, player: Colour): Phase {
  const mayDouble = cubeMayDouble(game.cube, {
    actor: player,
    onRoll: player,
    rolled: false,
    crawfordGame: game.crawford,
    rules: state.config.effectiveRules,
  });
  return freeze({ kind: 'roll', player, mayDouble });
}

/** The game is over with `outcome`: the score and Crawford state counted, the `game-end` record due. */
export function endGame(state: MatchState, outcome: GameOutcome): MatchState {
  const progress = recordGame(state.progress, outcome, state.config.effectiveRules);
  return withState(state, {
    status: progress.winner !== null ? 'finished' : state.status,
    progress,
    games: freezeObject([...state.games, outcome]),
    phase: freeze({ kind: 'game-over', outcome }),
  });
}

/** The match is over with `result`; the `match-end` record is due. */
export function endMatch(state: MatchState, result: MatchResult): MatchState {
  return withState(state, {
    status: 'finished',
    phase: freeze({
      kind: 'match-over',
      result: freeze({ ...result, score: freeze({ ...result.score }) }),
      recorded: false,
    }),
  });
}

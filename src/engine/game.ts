/**
 * Match state and its transitions: a match is the fold of its stored events
 * (events.ts) with `apply`, like a chessops game. States are immutable (frozen);
 * `apply` never mutates its arguments and never throws for a rule refusal.
 *
 *   newMatch({ variant, length, rules })          the state before any event
 *   apply(state, event)                           { ok: true, state } | { ok: false, reason, message }
 *   applyOrThrow(state, event) / replay(options, events)
 *                                                 for stored histories: throw IllegalEventError (index, reason)
 *   playEventFor(state, by, moves | text)         the canonical play event to store, or the refusal
 *   recordsDue(state)                             the game-end / match-end records to store now
 *   toAct(state), legalActions(state, colour), positionFor(state, colour)
 *
 * Decisions:
 * - The board is kept by colour, each side in its own numbering; the move
 *   generator works on the mover-oriented `Position` ({player: mover,
 *   opponent}), converted at the boundary (`positionFor`).
 * - `phase` says who must act and what they decide: the opening roll, roll
 *   (or double, see `mayDouble`), an answer to a double (take/drop/beaver),
 *   a play, an answer to a resignation, the recording of a finished game,
 *   and the end of the match.
 * - A roll runs the move generator once and the `play` phase keeps its
 *   search (`plays` are built from it on first access). A play given in its
 *   canonical moves, as stored, is found by its resulting board in that search;
 *   any other order of moves, or a refusal, goes through `validatePlay`.
 *   A roll with no legal play passes the turn at once (no empty play event).
 *   Store plays with `playEventFor`, which gives the canonical moves.
 * - The game ends inside `apply` on the decisive event: the play that bears off
 *   the 15th checker (C3, the loser gets no last roll), a drop, an accepted
 *   resignation. The score and Crawford state are updated there. The
 *   `game-end` event that DESIGN.md stores is then required before the next
 *   game starts, and must restate the derived outcome exactly (`recordsDue`
 *   builds it). Likewise `match-end` after the match is decided (points,
 *   timeout, money session left).
 * - Rolls carry their dice; `rollIndex` counts throws (opening throws,
 *   ties included, and rolls) for dice.ts.
 * - Seats: two `join` events (client seeds kept in join order) start the
 *   match at the opening roll; `abort` is allowed until the first play.
 * - Resignation (M2): either player may offer while a game is under way and
 *   no decision is pending (phase roll or play); the opponent answers;
 *   a rejection returns to the phase it interrupted.
 * - Timeout (M5): only the opponent of the player who must act may claim it;
 *   the match ends won by the claimant at the current score. Whether the
 *   deadline has passed is the caller's to check (the engine has no clock).
 * - Money sessions end by `leave` between games (winner: the player ahead).
 */
import { initialPosition, makePosition, positionsEqual } from './board.js';
import {
  beaver as beaverCube,
  CENTRED_CUBE,
  double as doubleCube,
  drop as dropCube,
  automaticDouble,
  mayDouble as cubeMayDouble,
  take as takeCube,
  type CubeOffer,
  type CubeRefusalReason,
  type CubeState,
} from './cube.js';
import type {
  ColourBoard,
  GameEndEvent,
  MatchEndEvent,
  MatchEvent,
  MatchResult,
  PlayEvent,
  ResignationOffer,
} from './events.js';
import { findPlays, newWorkBoard, playAt, type PlayList } from './legal-plays.js';
import {
  bearOffOutcome,
  dropOutcome,
  newMatchProgress,
  nextGameStart,
  opponentOf,
  recordGame,
  resignationOutcome,
  type GameOutcome,
  type MatchProgress,
} from './match.js';
import { validatePlay } from './play-validation.js';
import { effectiveRules, resolveRules, type RulesOptions } from './rules-options.js';
import {
  BAR,
  CHECKERS_PER_SIDE,
  type Colour,
  type Dice,
  type Move,
  type Play,
  type Position,
  type Variant,
} from './types.js';
import { OPP, type WorkBoard } from './work-board.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;
const { isInteger } = Number;
const { isArray } = Array;

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
  | { readonly kind: 'aborted'; readonly by: Colour };

export type PhaseKind = Phase['kind'];
type ResumablePhase = Extract<Phase, { kind: 'roll' | 'play' }>;

export type MatchStatus = 'awaiting-players' | 'playing' | 'finished' | 'aborted';

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
  /** Whether any play has been made in the match (abort is allowed before). */
  readonly played: boolean;
  /** Number of events applied. */
  readonly eventCount: number;
}

export type RefusalReason =
  | CubeRefusalReason
  | 'illegal-play'
  | 'unexpected-event'
  | 'awaiting-players'
  | 'already-joined'
  | 'match-over'
  | 'game-over'
  | 'bad-dice'
  | 'bad-event'
  | 'decision-pending'
  | 'no-resignation-offered'
  | 'bad-resignation-value'
  | 'record-mismatch'
  | 'records-due'
  | 'nothing-to-record'
  | 'abort-too-late'
  | 'not-between-games'
  | 'money-session-only'
  | 'timeout-not-claimable';

export interface Refusal {
  readonly ok: false;
  readonly reason: RefusalReason;
  readonly message: string;
  /** For `illegal-play`: the play validator's reason (`must-use-both-dice`, `head-rule`, ...). */
  readonly playReason?: string;
}

export type ApplyResult = { readonly ok: true; readonly state: MatchState } | Refusal;

/** Thrown by `applyOrThrow` and `replay` for a stored event the state refuses. */
export class IllegalEventError extends Error {
  override readonly name = 'IllegalEventError';
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** Index of the event in the replayed list (-1 from applyOrThrow). */
    readonly index: number,
    readonly event: MatchEvent,
    readonly playReason?: string,
  ) {
    super(index >= 0 ? `event ${index} (${event.type}): ${message}` : `${event.type}: ${message}`);
  }
}

export interface NewMatchOptions {
  readonly variant: Variant;
  readonly length: number;
  readonly rules?: Partial<RulesOptions>;
}

/** A match nobody has joined yet. Throws RangeError for a bad length or bad rules (validate with resolveRules first). */
export function newMatch(options: NewMatchOptions): MatchState {
  const resolved = resolveRules(options.rules);
  if (!resolved.ok) throw new RangeError(resolved.problems.map((p) => p.message).join('; '));
  const progress = newMatchProgress(options.length);
  const config: MatchConfig = freezeObject({
    variant: options.variant,
    length: options.length,
    rules: resolved.rules,
    effectiveRules: effectiveRules(options.length, resolved.rules),
  });
  return freeze({
    config,
    status: 'awaiting-players',
    joined: freezeObject([]),
    clientSeeds: freezeObject([]),
    progress,
    game: freshGame(config.variant, 1, false),
    phase: AWAITING_PLAYERS,
    games: freezeObject([]),
    rollIndex: 0,
    played: false,
    eventCount: 0,
  });
}

/** Applies one event: the next state, or why the event is refused. */
export function apply(state: MatchState, event: MatchEvent): ApplyResult {
  const result = transition(state, event);
  if (!result.ok) return result;
  return { ok: true, state: withState(result.state, { eventCount: state.eventCount + 1 }) };
}

/** `apply` for stored events: throws IllegalEventError on a refusal. */
export function applyOrThrow(state: MatchState, event: MatchEvent, index = -1): MatchState {
  const result = apply(state, event);
  if (!result.ok) throw new IllegalEventError(result.reason, result.message, index, event, result.playReason);
  return result.state;
}

/** The state a stored history folds into (throws IllegalEventError naming the first bad event). */
export function replay(options: NewMatchOptions, events: readonly MatchEvent[]): MatchState {
  let state = newMatch(options);
  for (let i = 0; i < events.length; i++) state = applyOrThrow(state, events[i], i);
  return state;
}

/**
 * The records to store after the last event, in order: `game-end` when a game
 * has just finished, `match-end` when the match is decided. Empty otherwise.
 */
export function recordsDue(state: MatchState): MatchEvent[] {
  const due: MatchEvent[] = [];
  let current = state;
  for (;;) {
    const { phase } = current;
    let record: MatchEvent;
    if (phase.kind === 'game-over') {
      record = { type: 'game-end', gameNumber: current.game.number, outcome: phase.outcome };
    } else if (phase.kind === 'match-over' && !phase.recorded) {
      record = { type: 'match-end', ...phase.result };
    } else {
      return due;
    }
    due.push(record);
    current = applyOrThrow(current, record);
  }
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
  if (!validation.ok)
    return { ok: false, reason: 'illegal-play', message: validation.message, playReason: validation.reason };
  const after = validation.play.position;
  const board: ColourBoard = freeze(
    by === 'white' ? { white: after.player, black: after.opponent } : { white: after.opponent, black: after.player },
  );
  return { ok: true, event: freeze({ type: 'play', by, moves: validation.play.moves, board }), play: validation.play };
}

/** The position as `colour` sees it: `player` is `colour`, each side in its own numbering. */
export function positionFor(state: MatchState, colour: Colour): Position {
  return positionOf(state.game.board, colour);
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

/**
 * The event types `colour` may send now (records and the server's opening
 * throw left out). `timeout` is listed when the rules allow a claim; whether
 * the deadline has passed is for the caller to check.
 */
export function legalActions(state: MatchState, colour: Colour): MatchEvent['type'][] {
  const candidates: MatchEvent[] = [
    { type: 'roll', by: colour, dice: [1, 2] },
    { type: 'double', by: colour },
    { type: 'take', by: colour },
    { type: 'drop', by: colour },
    { type: 'beaver', by: colour },
    { type: 'resign', by: colour, value: 1 },
    { type: 'resignation-accept', by: colour },
    { type: 'resignation-reject', by: colour },
    { type: 'timeout', by: colour },
    { type: 'leave', by: colour },
    { type: 'abort', by: colour },
  ];
  const actions: MatchEvent['type'][] = [];
  if (state.phase.kind === 'play' && state.phase.player === colour) actions.push('play');
  for (const candidate of candidates) if (transition(state, candidate).ok) actions.push(candidate.type);
  return actions;
}

// ---------------------------------------------------------------------------

const AWAITING_PLAYERS: Phase = freezeObject({ kind: 'awaiting-players' });
const OPENING_ROLL: Phase = freezeObject({ kind: 'opening-roll' });
const COLOURS_SET = new Set<unknown>(['white', 'black']);

type Transition = { readonly ok: true; readonly state: MatchState } | Refusal;

function transition(state: MatchState, event: MatchEvent): Transition {
  if (event === null || typeof event !== 'object') return refuse('bad-event', 'An event must be an object.');
  if ('by' in event && !COLOURS_SET.has(event.by)) return refuse('bad-event', "`by` must be 'white' or 'black'.");
  switch (event.type) {
    case 'join':
      return join(state, event.colour, event.clientSeed);
    case 'abort':
      return abort(state, event.by);
    case 'opening-roll':
      return openingRoll(state, event.white, event.black);
    case 'roll':
      return roll(state, event.by, event.dice);
    case 'play':
      return play(state, event);
    case 'double':
      return offerDouble(state, event.by);
    case 'take':
      return takeDouble(state, event.by);
    case 'drop':
      return dropDouble(state, event.by);
    case 'beaver':
      return beaverDouble(state, event.by);
    case 'resign':
      return resign(state, event.by, event.value);
    case 'resignation-accept':
      return answerResignation(state, event.by, true);
    case 'resignation-reject':
      return answerResignation(state, event.by, false);
    case 'timeout':
      return claimTimeout(state, event.by);
    case 'leave':
      return leave(state, event.by);
    case 'game-end':
      return recordGameEnd(state, event);
    case 'match-end':
      return recordMatchEnd(state, event);
    default:
      return refuse('bad-event', `Unknown event type ${String((event as { type?: unknown }).type)}.`);
  }
}

function join(state: MatchState, colour: Colour, clientSeed: string | undefined): Transition {
  if (!COLOURS_SET.has(colour)) return refuse('bad-event', "`colour` must be 'white' or 'black'.");
  if (clientSeed !== undefined && typeof clientSeed !== 'string')
    return refuse('bad-event', 'A client seed is a string.');
  if (state.status !== 'awaiting-players') return refuse('unexpected-event', 'Both players have already joined.');
  if (state.joined.includes(colour)) return refuse('already-joined', `${colour} has already joined.`);
  const joined = freezeObject([...state.joined, colour]);
  const clientSeeds = clientSeed === undefined ? state.clientSeeds : freezeObject([...state.clientSeeds, clientSeed]);
  const full = joined.length === 2;
  return ok(
    withState(state, {
      joined,
      clientSeeds,
      status: full ? 'playing' : 'awaiting-players',
      phase: full ? OPENING_ROLL : AWAITING_PLAYERS,
    }),
  );
}

function abort(state: MatchState, by: Colour): Transition {
  const guard = inPlay(state, true);
  if (guard) return guard;
  if (state.played) return refuse('abort-too-late', 'A match can only be aborted before its first play.');
  return ok(withState(state, { status: 'aborted', phase: freeze({ kind: 'aborted', by }) }));
}

function openingRoll(state: MatchState, white: unknown, black: unknown): Transition {
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
    freezeObject([white, black] as const),
    rollIndex,
  );
}

function roll(state: MatchState, by: Colour, dice: unknown): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'roll') return refuse(phaseRefusal(phase, by), `Rolling is not possible now (${phase.kind}).`);
  if (phase.player !== by) return refuse('not-your-turn', `It is ${phase.player}'s turn to roll.`);
  if (!isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
    return refuse('bad-dice', 'A roll is two dice, each a whole number from 1 to 6.');
  }
  const thrown = freezeObject([dice[0], dice[1]] as const) as Dice;
  return startTurnWithDice(state, withGame(state.game, { started: true }), by, thrown, state.rollIndex + 1);
}

/** After a throw: the play phase with the legal plays, or a pass when there is none. */
function startTurnWithDice(
  state: MatchState,
  game: GameState,
  player: Colour,
  dice: Dice,
  rollIndex: number,
): Transition {
  const { variant } = state.config;
  const position = positionOf(game.board, player);
  // The engine's own positions are valid and the dice were checked: search directly (legalPlays minus its input checks).
  const list = findPlays(variant, position, dice, { firstTurn: game.firstTurn[player] });
  if (list.diceUsed === 0) {
    const passedGame = withGame(game, {
      firstTurn: afterFirstTurn(game.firstTurn, player),
      lastRoll: freeze({ player, dice, passed: true }),
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

function play(state: MatchState, event: PlayEvent): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'play')
    return refuse(phaseRefusal(phase, event.by), `Playing is not possible now (${phase.kind}).`);
  if (phase.player !== event.by) return refuse('not-your-turn', `It is ${phase.player}'s turn to play.`);
  if (!isArray(event.moves)) return refuse('bad-event', '`moves` must be an array of {from, to}.');
  const { variant } = state.config;
  const game = state.game;
  const before = positionOf(game.board, event.by);
  let chosen: Pick<Play, 'position'> | undefined = findStoredPlay(variant, before, phase, event.moves);
  if (chosen === undefined) {
    const validation = validatePlay(variant, before, phase.dice, event.moves, {
      firstTurn: game.firstTurn[event.by],
    });
    if (!validation.ok) {
      return { ok: false, reason: 'illegal-play', message: validation.message, playReason: validation.reason };
    }
    chosen = validation.play;
  }
  const mover = event.by;
  const after = chosen.position;
  const board: ColourBoard = freeze(
    mover === 'white' ? { white: after.player, black: after.opponent } : { white: after.opponent, black: after.player },
  );
  if (event.board !== undefined && !sameBoard(event.board, board)) {
    return refuse('record-mismatch', 'The stored board after the play differs from the engine’s.');
  }
  const played: GameState = withGame(game, {
    board,
    firstTurn: afterFirstTurn(game.firstTurn, mover),
  });
  if (after.player.off === CHECKERS_PER_SIDE) {
    const outcome = bearOffOutcome(variant, mover, after.opponent, game.cube, state.config.effectiveRules);
    return ok(endGame(withState(state, { played: true, game: played }), outcome));
  }
  return ok(withState(state, { played: true, game: played, phase: rollPhase(state, played, opponentOf(mover)) }));
}

function offerDouble(state: MatchState, by: Colour): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'roll' && phase.kind !== 'play') {
    return refuse(
      phase.kind === 'cube-response' ? 'double-pending' : phaseRefusal(phase),
      `Doubling is not possible now (${phase.kind}).`,
    );
  }
  const result = doubleCube(state.game.cube, {
    actor: by,
    onRoll: phase.player,
    rolled: phase.kind === 'play',
    crawfordGame: state.game.crawford,
    rules: state.config.effectiveRules,
  });
  if (!result.ok) return result;
  return ok(
    withState(state, {
      game: withGame(state.game, { cube: result.cube }),
      phase: cubeResponse(state, result.cube, opponentOf(by), by),
    }),
  );
}

function takeDouble(state: MatchState, by: Colour): Transition {
  const pending = cubeAnswerGuard(state, by);
  if (!pending.ok) return pending;
  const result = takeCube(state.game.cube, by);
  if (!result.ok) return result;
  const game = withGame(state.game, { cube: result.cube });
  return ok(withState(state, { game, phase: rollPhase(state, game, pending.phase.onRoll) }));
}

function dropDouble(state: MatchState, by: Colour): Transition {
  const pending = cubeAnswerGuard(state, by);
  if (!pending.ok) return pending;
  const result = dropCube(state.game.cube, by);
  if (!result.ok) return result;
  const cube: CubeState = freeze({ value: state.game.cube.value, owner: state.game.cube.owner, offer: null });
  const outcome = dropOutcome(state.config.variant, result.winner, result.points);
  return ok(endGame(withState(state, { game: withGame(state.game, { cube }) }), outcome));
}

function beaverDouble(state: MatchState, by: Colour): Transition {
  const pending = cubeAnswerGuard(state, by);
  if (!pending.ok) return pending;
  const result = beaverCube(state.game.cube, by, state.config.effectiveRules);
  if (!result.ok) return result;
  return ok(
    withState(state, {
      game: withGame(state.game, { cube: result.cube }),
      phase: cubeResponse(state, result.cube, opponentOf(by), pending.phase.onRoll),
    }),
  );
}

function resign(state: MatchState, by: Colour, value: unknown): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'roll' && phase.kind !== 'play') {
    const reason =
      phase.kind === 'cube-response' || phase.kind === 'resignation-response'
        ? 'decision-pending'
        : phaseRefusal(phase);
    return refuse(reason, `A resignation cannot be offered now (${phase.kind}).`);
  }
  const highest = state.config.variant === 'long-nardy' && !state.config.effectiveRules.koks ? 2 : 3;
  if (value !== 1 && value !== 2 && value !== 3)
    return refuse('bad-resignation-value', 'A resignation is for 1, 2 or 3 times the cube.');
  if (value > highest)
    return refuse('bad-resignation-value', `The largest result in this game is ${highest} times the cube.`);
  return ok(
    withState(state, {
      phase: freeze({
        kind: 'resignation-response',
        player: opponentOf(by),
        offer: freeze({ by, value }),
        resume: phase,
      }),
    }),
  );
}

function answerResignation(state: MatchState, by: Colour, accept: boolean): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'resignation-response')
    return refuse('no-resignation-offered', 'No resignation is waiting for an answer.');
  if (phase.player !== by) return refuse('not-your-turn', 'The opponent of the resigning player answers.');
  if (!accept) return ok(withState(state, { phase: phase.resume }));
  const outcome = resignationOutcome(
    state.config.variant,
    by,
    phase.offer.value,
    state.game.cube,
    state.config.effectiveRules,
  );
  return ok(endGame(state, outcome));
}

function claimTimeout(state: MatchState, by: Colour): Transition {
  const guard = inPlay(state);
  if (guard) return guard;
  const waitingFor = toAct(state);
  if (waitingFor === null || waitingFor === 'either') {
    return refuse('timeout-not-claimable', 'Nobody in particular is on the clock now.');
  }
  if (waitingFor === by)
    return refuse('timeout-not-claimable', 'Only the opponent of the player on the clock can claim a timeout.');
  return ok(endMatch(state, { winner: by, reason: 'timeout', score: state.progress.score }));
}

function leave(state: MatchState, by: Colour): Transition {
  void by;
  const guard = inPlay(state);
  if (guard) return guard;
  if (state.config.length !== 0) {
    return refuse('money-session-only', 'Only a money session can be left; a match is resigned or played out.');
  }
  const { kind } = state.phase;
  const betweenGames = state.games.length > 0 && !state.game.started && (kind === 'opening-roll' || kind === 'roll');
  if (!betweenGames) return refuse('not-between-games', 'A money session can be left only between games.');
  const { white, black } = state.progress.score;
  const winner: Colour | null = white === black ? null : white > black ? 'white' : 'black';
  return ok(endMatch(state, { winner, reason: 'leave', score: state.progress.score }));
}

function recordGameEnd(state: MatchState, event: GameEndEvent): Transition {
  const { phase } = state;
  if (phase.kind !== 'game-over') return refuse('nothing-to-record', 'No finished game is waiting for its record.');
  if (event.gameNumber !== state.game.number || !sameOutcome(event.outcome, phase.outcome)) {
    return refuse('record-mismatch', 'The game-end record differs from the outcome the events produce.');
  }
  const { progress, config } = state;
  if (progress.winner !== null) {
    return ok(endMatch(state, { winner: progress.winner, reason: 'points', score: progress.score }));
  }
  const number = state.game.number + 1;
  const game = freshGame(config.variant, number, progress.crawfordGame);
  const start = nextGameStart(config.variant, config.effectiveRules, phase.outcome.winner);
  return ok(withState(state, { game, phase: start === 'opening-roll' ? OPENING_ROLL : rollPhase(state, game, start) }));
}

function recordMatchEnd(state: MatchState, event: MatchEndEvent): Transition {
  const { phase } = state;
  if (phase.kind === 'game-over') return refuse('records-due', 'The game-end record comes first.');
  if (phase.kind !== 'match-over' || phase.recorded)
    return refuse('nothing-to-record', 'No match end is waiting for its record.');
  const { result } = phase;
  if (
    event.winner !== result.winner ||
    event.reason !== result.reason ||
    event.score?.white !== result.score.white ||
    event.score?.black !== result.score.black
  ) {
    return refuse('record-mismatch', 'The match-end record differs from the result the events produce.');
  }
  return ok(withState(state, { phase: freeze({ kind: 'match-over', result, recorded: true }) }));
}

// --- helpers ---------------------------------------------------------------

type Changes<T> = { -readonly [K in keyof T]?: T[K] };

/**
 * A new frozen state: `state` with `changes`. Built field by field rather than
 * by object spread, which V8 runs an order of magnitude slower, and keeps one
 * object shape for every state.
 */
function withState(state: MatchState, changes: Changes<MatchState>): MatchState {
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
    eventCount: changes.eventCount ?? state.eventCount,
  });
}

/** A new frozen game: `game` with `changes` (see withState). */
function withGame(game: GameState, changes: Changes<GameState>): GameState {
  return freezeObject({
    number: game.number,
    board: changes.board ?? game.board,
    cube: changes.cube ?? game.cube,
    crawford: game.crawford,
    firstTurn: changes.firstTurn ?? game.firstTurn,
    automaticDoubles: changes.automaticDoubles ?? game.automaticDoubles,
    started: changes.started ?? game.started,
    lastRoll: changes.lastRoll === undefined ? game.lastRoll : changes.lastRoll,
  });
}

/** The first-turn flags once `player` has taken a turn. */
function afterFirstTurn(flags: GameState['firstTurn'], player: Colour): GameState['firstTurn'] {
  if (!flags[player]) return flags;
  return freezeObject(player === 'white' ? { white: false, black: flags.black } : { white: flags.white, black: false });
}

function endGame(state: MatchState, outcome: GameOutcome): MatchState {
  const progress = recordGame(state.progress, outcome, state.config.effectiveRules);
  return withState(state, {
    status: progress.winner !== null ? 'finished' : state.status,
    progress,
    games: freezeObject([...state.games, outcome]),
    phase: freeze({ kind: 'game-over', outcome }),
  });
}

function endMatch(state: MatchState, result: MatchResult): MatchState {
  return withState(state, {
    status: 'finished',
    phase: freeze({
      kind: 'match-over',
      result: freeze({ ...result, score: freeze({ ...result.score }) }),
      recorded: false,
    }),
  });
}

function freshGame(variant: Variant, number: number, crawford: boolean): GameState {
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
  });
}

function rollPhase(state: MatchState, game: GameState, player: Colour): Phase {
  const mayDouble = cubeMayDouble(game.cube, {
    actor: player,
    onRoll: player,
    rolled: false,
    crawfordGame: game.crawford,
    rules: state.config.effectiveRules,
  });
  return freeze({ kind: 'roll', player, mayDouble });
}

function cubeResponse(state: MatchState, cube: CubeState, player: Colour, onRoll: Colour): Phase {
  const offer = cube.offer!;
  const mayBeaver = beaverCube(cube, player, state.config.effectiveRules).ok;
  return freeze({ kind: 'cube-response', player, offer, mayBeaver, onRoll });
}

function cubeAnswerGuard(
  state: MatchState,
  by: Colour,
): { readonly ok: true; readonly phase: Extract<Phase, { kind: 'cube-response' }> } | Refusal {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'cube-response') return refuse('no-double-offered', 'No double is waiting for an answer.');
  if (phase.player !== by) return refuse('not-your-turn', `${phase.player} answers the double.`);
  return { ok: true, phase };
}

/** Refuses events once the match is over, before both players joined, or while a game waits for its record. */
function inPlay(state: MatchState, allowAwaiting = false): Refusal | null {
  if (state.status === 'finished' || state.status === 'aborted') {
    if (state.phase.kind === 'game-over') return refuse('records-due', 'The game-end record is due.');
    return refuse('match-over', 'The match is over.');
  }
  if (state.status === 'awaiting-players' && !allowAwaiting)
    return refuse('awaiting-players', 'Both players must join first.');
  if (state.phase.kind === 'game-over') return refuse('records-due', 'The game is over; its game-end record is due.');
  return null;
}

/** Why an action of `by` does not fit the phase: someone else must act, or the phase wants something else. */
function phaseRefusal(phase: Phase, by?: Colour): RefusalReason {
  if (by !== undefined && 'player' in phase && phase.player !== by) return 'not-your-turn';
  switch (phase.kind) {
    case 'cube-response':
    case 'resignation-response':
      return 'decision-pending';
    case 'game-over':
      return 'game-over';
    case 'match-over':
    case 'aborted':
      return 'match-over';
    case 'awaiting-players':
      return 'awaiting-players';
    case 'play':
      return 'after-roll';
    default:
      return 'unexpected-event';
  }
}

function positionOf(board: ColourBoard, player: Colour): Position {
  return player === 'white'
    ? freezeObject({ player: board.white, opponent: board.black })
    : freezeObject({ player: board.black, opponent: board.white });
}

/**
 * The fast path for stored plays: the legal play whose canonical moves are
 * exactly `moves`. The moves are made on a scratch copy of the generator's
 * board (work-board.ts layout: cells[q] my checkers on my point q, cells[0]
 * off, cells[BAR] bar, cells[OPP + q] the opponent's checkers on my point q),
 * without rule checks, to find the candidate by its resulting board; then its
 * canonical moves must equal `moves`. Undefined otherwise, and `validatePlay`
 * judges the submission (any legal order, or why not). Correctness never rests
 * on this shortcut: a candidate is only taken when its own moves are `moves`.
 */
function findStoredPlay(
  variant: Variant,
  position: Position,
  phase: Extract<Phase, { kind: 'play' }>,
  moves: readonly Move[],
): Pick<Play, 'position'> | undefined {
  if (!(phase instanceof PlayPhase)) return undefined;
  const list = PlayPhase.searchOf(phase);
  const board = scratchBoard(variant);
  board.load(position);
  const cells = board.cells;
  const maxFrom = variant === 'backgammon' ? BAR : 24;
  for (const move of moves) {
    if (move === null || typeof move !== 'object') return undefined;
    const { from, to } = move;
    if (!isInteger(from) || !isInteger(to) || from < 1 || from > maxFrom || to < 0 || to >= from) return undefined;
    if (cells[from] === 0) return undefined;
    cells[from]--;
    if (to === 0) {
      cells[0]++;
      continue;
    }
    const blockers = cells[OPP + to];
    if (variant === 'backgammon' && blockers === 1) {
      cells[OPP + to] = 0;
      cells[OPP + BAR]++;
    } else if (blockers > 0) {
      return undefined;
    }
    cells[to]++;
  }
  const index = list.indexOf(board.words);
  return index >= 0 && sameMoves(list.moves(index), moves) ? { position: list.position(index) } : undefined;
}

const scratchBoards = new Map<Variant, WorkBoard>();

/**
 * The `play` phase. Its `plays` are built on first access from the search
 * made at the roll (a replay never needs them: stored plays are found by
 * board in the search itself), and are part of its JSON.
 */
class PlayPhase {
  readonly kind = 'play' as const;
  /** The search made at the roll, to find a stored play without searching again. */
  readonly #list: PlayList;
  #plays: readonly Play[] | undefined;

  constructor(
    readonly player: Colour,
    readonly dice: Dice,
    list: PlayList,
  ) {
    this.#list = list;
    freezeObject(this);
  }

  static searchOf(phase: PlayPhase): PlayList {
    return phase.#list;
  }

  /** Every legal play (never empty: a roll without one passes). */
  get plays(): readonly Play[] {
    if (this.#plays === undefined) {
      const list = this.#list;
      const plays = new Array<Play>(list.count);
      for (let i = 0; i < list.count; i++) plays[i] = playAt(list, i);
      this.#plays = freezeObject(plays);
    }
    return this.#plays;
  }

  toJSON(): { kind: 'play'; player: Colour; dice: Dice; plays: readonly Play[] } {
    return { kind: this.kind, player: this.player, dice: this.dice, plays: this.plays };
  }
}

function scratchBoard(variant: Variant): WorkBoard {
  let board = scratchBoards.get(variant);
  if (board === undefined) {
    board = newWorkBoard(variant);
    scratchBoards.set(variant, board);
  }
  return board;
}

function sameMoves(a: readonly Move[], b: readonly Move[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (y === null || typeof y !== 'object' || x.from !== y.from || x.to !== y.to) return false;
  }
  return true;
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

function sameOutcome(a: GameOutcome, b: GameOutcome): boolean {
  if (a === null || typeof a !== 'object') return false;
  return (
    a.winner === b.winner &&
    a.reason === b.reason &&
    a.kind === b.kind &&
    a.multiplier === b.multiplier &&
    a.homeMars === b.homeMars &&
    a.cubeValue === b.cubeValue &&
    a.jacoby === b.jacoby &&
    a.points === b.points
  );
}

function isDie(value: unknown): value is 1 | 2 | 3 | 4 | 5 | 6 {
  return typeof value === 'number' && isInteger(value) && value >= 1 && value <= 6;
}

function ok(state: MatchState): Transition {
  return { ok: true, state };
}

function refuse(reason: RefusalReason, message: string): Refusal {
  return { ok: false, reason, message };
}

function freeze<T>(value: T): T {
  return freezeObject(value);
}

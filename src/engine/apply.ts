/**
 * A match is the fold of its stored events (events.ts) with `apply`, like a
 * chessops game (docs/architecture.md "Match event model"). `apply` never
 * mutates its arguments and never throws for a rule refusal.
 *
 *   newMatch({ variant, length, rules })          the state before any event
 *   apply(state, event)                           { ok: true, state } | { ok: false, reason, message }
 *   applyCommand(state, event)                    `apply` for a player's new command (rules for new commands too)
 *   applyOrThrow(state, event)                    for a stored event: throws IllegalEventError (reason)
 *   legalActions(state, colour)                   the event types `colour` may send now
 *
 * A stored history is folded by fold.ts (`foldEvents`, `replay`), which
 * throws IllegalEventError naming the first event refused.
 * The state and what can be read off it: match-state.ts (toAct, positionFor).
 * Each kind of event has its transition under transitions/: seats (join,
 * abort), rolls, plays (and `playEventFor`), doubling, resignation, timeout
 * and leave, records (and `recordsDue`).
 */
import { refuse, type ApplyResult, type Refusal, type RefusalReason } from './apply-result.js';
import type { MatchEvent } from './events.js';
import type { MatchConfig, MatchState, NewMatchOptions } from './match-state.js';
import { effectiveRules, resolveRules } from './rules-options.js';
import { newMatchProgress } from './scoring.js';
import type { Colour } from './types.js';
import { beaverDouble, cubeMaximumRefusal, dropDouble, offerDouble, takeDouble } from './transitions/doubling.js';
import { isColour } from './transitions/guards.js';
import { AWAITING_PLAYERS, NO_CHOICES, freeze, freshGame, withState } from './transitions/next-state.js';
import { play } from './transitions/plays.js';
import { recordGameEnd, recordMatchEnd } from './transitions/records.js';
import { answerResignation, resign } from './transitions/resignation.js';
import { openingRoll, roll } from './transitions/rolls.js';
import { abort, abortCommandRefusal, decline, join } from './transitions/seats.js';
import { claimTimeout, leave } from './transitions/timeout-and-leave.js';

/** Thrown by `applyOrThrow` and the fold (fold.ts) for a stored event the state refuses. */
export class IllegalEventError extends Error {
  override readonly name = 'IllegalEventError';
  constructor(
    readonly reason: RefusalReason,
    /** The refusal's message (`message` adds the event's index and type). */
    readonly detail: string,
    /** The event's place in the match's log, from 0 (its seq - 1); -1 from applyOrThrow. */
    readonly index: number,
    readonly event: MatchEvent,
    readonly playReason?: string,
  ) {
    super(index >= 0 ? `event ${index} (${event.type}): ${detail}` : `${event.type}: ${detail}`);
  }
}

/** A match nobody has joined yet. Throws RangeError for a bad length or bad rules (validate with resolveRules first). */
export function newMatch(options: NewMatchOptions): MatchState {
  const resolved = resolveRules(options.rules);
  if (!resolved.ok) throw new RangeError(resolved.problems.map((p) => p.message).join('; '));
  const progress = newMatchProgress(options.length);
  const config: MatchConfig = freeze({
    variant: options.variant,
    length: options.length,
    rules: resolved.rules,
    effectiveRules: effectiveRules(options.length, resolved.rules),
  });
  return freeze({
    config,
    status: 'awaiting-players',
    joined: freeze([]),
    clientSeeds: freeze([]),
    progress,
    game: freshGame(config.variant, 1, false),
    phase: AWAITING_PLAYERS,
    games: freeze([]),
    rollIndex: 0,
    played: false,
    choices: NO_CHOICES,
    eventCount: 0,
  });
}

/** Applies one event: the next state, or why the event is refused. */
export function apply(state: MatchState, event: MatchEvent): ApplyResult {
  const result = transition(state, event);
  if (!result.ok) return result;
  return { ok: true, state: withState(result.state, { eventCount: state.eventCount + 1 }) };
}

/**
 * Applies a player's new command: `apply` and the rules that hold for new
 * commands only. A stored history folds with `apply` under the rules it was
 * played under: before M6, an abort was allowed until the first play, and
 * before the highest cube (M1) a double or beaver could pass 4096; such logs
 * still replay (docs/rules.md M6, M1). An import is judged as new commands.
 */
export function applyCommand(state: MatchState, event: MatchEvent): ApplyResult {
  const refusal = commandRefusal(state, event);
  if (refusal) return refusal;
  const result = apply(state, event);
  return result.ok ? (cubeMaximumRefusal(result.state, event) ?? result) : result;
}

/** `apply` for stored events: throws IllegalEventError on a refusal. */
export function applyOrThrow(state: MatchState, event: MatchEvent, index = -1): MatchState {
  const result = apply(state, event);
  if (!result.ok) throw new IllegalEventError(result.reason, result.message, index, event, result.playReason);
  return result.state;
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
  for (const candidate of candidates) {
    if (applyCommand(state, candidate).ok) actions.push(candidate.type);
  }
  return actions;
}

/** The rules for new commands only (see `applyCommand`); null when none refuses the event. */
function commandRefusal(state: MatchState, event: MatchEvent): Refusal | null {
  return event !== null && typeof event === 'object' && event.type === 'abort' ? abortCommandRefusal(state) : null;
}

/** The event's transition, without counting it. Events are untrusted: a malformed one is refused. */
function transition(state: MatchState, event: MatchEvent): ApplyResult {
  if (event === null || typeof event !== 'object') return refuse('bad-event', 'An event must be an object.');
  if ('by' in event && !isColour(event.by)) return refuse('bad-event', "`by` must be 'white' or 'black'.");
  switch (event.type) {
    case 'join':
      return join(state, event.colour, event.clientSeed);
    case 'decline':
      return decline(state, event.by);
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

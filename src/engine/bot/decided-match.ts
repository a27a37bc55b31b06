/**
 * A whole match on the engine alone, each side's turns decided by a function
 * (a house bot, or a yardstick that only picks plays): for the bots' tests
 * and their strength bench (docs/bots.md "Strength"). Dice come from dice.ts
 * with the given context, as the service throws them; every decision becomes
 * the event the service would store and is applied by the engine's `apply`,
 * so a decision the rules refuse stops the match with an error.
 */
import { apply, newMatch } from '../apply.js';
import { deriveRoll, type DiceContext } from '../dice.js';
import type { MatchEvent } from '../events.js';
import type { MatchState, NewMatchOptions } from '../match-state.js';
import { playEventFor } from '../transitions/plays.js';
import { recordsDue } from '../transitions/records.js';
import type { Colour } from '../types.js';
import { botDecision, type BotDecision, type BotLevel } from './bot-decision.js';
import type { PlayPicker } from './engine-games.js';
import { positionFor } from '../match-state.js';

/** A side's decision whenever the match asks one of it. */
export type Decider = (state: MatchState, colour: Colour) => BotDecision;

/** A house bot of `level`, its chance choices (easy's greed) from `random`. */
export function houseDecider(level: BotLevel, random: () => number): Decider {
  return (state, colour) => {
    const decision = botDecision(state, colour, level, random);
    if (decision === null) throw new Error(`the bot had nothing to do in phase ${state.phase.kind}`);
    return decision;
  };
}

/** A yardstick that only plays: rolls, never doubles, takes every double, refuses every resignation. */
export function pickerDecider(picker: PlayPicker): Decider {
  return (state, colour) => {
    const { phase } = state;
    switch (phase.kind) {
      case 'play':
        return { kind: 'play', moves: picker(positionFor(state, colour), phase.dice, phase.plays).moves };
      case 'cube-response':
        return { kind: 'take' };
      case 'resignation-response':
        return { kind: 'reject-resignation' };
      default:
        return { kind: 'roll' };
    }
  };
}

export interface DecidedMatch {
  readonly state: MatchState;
  /** How often each side made each kind of decision. */
  readonly decisions: Readonly<Record<Colour, ReadonlyMap<BotDecision['kind'], number>>>;
}

/** The side a match asks to decide now, or null when it asks nobody (over, or money games played). */
export function decidingColour(state: MatchState, maxGames: number): Colour | null {
  if (state.status !== 'playing') return null;
  if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started) return null;
  return 'player' in state.phase ? state.phase.player : 'white';
}

/** A new match of `options` with both players seated. */
export function seatedMatch(options: NewMatchOptions): MatchState {
  return withRecords(
    applyAll(newMatch(options), [
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
    ]),
  );
}

/** `state` after `by`'s decision and the records it makes due. @throws Error when the rules refuse it. */
export function afterDecision(state: MatchState, by: Colour, decision: BotDecision, dice: DiceContext): MatchState {
  return withRecords(applyAll(state, [decisionEvent(state, by, decision, dice)]));
}

/** `state` after the records it makes due (a game's end, the match's). */
function withRecords(state: MatchState): MatchState {
  let next = state;
  for (let due = recordsDue(next); due.length > 0; due = recordsDue(next)) next = applyAll(next, [due[0]]);
  return next;
}

function applyAll(state: MatchState, events: readonly MatchEvent[]): MatchState {
  let next = state;
  for (const event of events) {
    const result = apply(next, event);
    if (!result.ok) throw new Error(`refused ${event.type}: ${result.reason} ${result.message}`);
    next = result.state;
  }
  return next;
}

/**
 * Plays the match of `options` (both seated) until it ends, or, in a money
 * session, until `maxGames` games are over. @throws Error when a decision is refused.
 */
export function playDecidedMatch(
  options: NewMatchOptions,
  deciders: Readonly<Record<Colour, Decider>>,
  dice: DiceContext,
  maxGames = 1,
): DecidedMatch {
  let state = seatedMatch(options);
  const decisions = { white: new Map<BotDecision['kind'], number>(), black: new Map<BotDecision['kind'], number>() };
  for (let colour = decidingColour(state, maxGames); colour !== null; colour = decidingColour(state, maxGames)) {
    const decision = deciders[colour](state, colour);
    decisions[colour].set(decision.kind, (decisions[colour].get(decision.kind) ?? 0) + 1);
    state = afterDecision(state, colour, decision, dice);
  }
  return { state, decisions };
}

/** The event `by`'s decision becomes, as the service stores it (dice from dice.ts at the state's roll index). */
export function decisionEvent(state: MatchState, by: Colour, decision: BotDecision, dice: DiceContext): MatchEvent {
  switch (decision.kind) {
    case 'roll':
      if (state.phase.kind === 'opening-roll') {
        const [white, black] = deriveRoll(dice, state.rollIndex);
        return { type: 'opening-roll', white, black };
      }
      return { type: 'roll', by, dice: deriveRoll(dice, state.rollIndex) };
    case 'play': {
      const made = playEventFor(state, by, decision.moves);
      if (!made.ok) throw new Error(`a play was refused: ${made.message}`);
      return made.event;
    }
    case 'accept-resignation':
      return { type: 'resignation-accept', by };
    case 'reject-resignation':
      return { type: 'resignation-reject', by };
    default:
      return { type: decision.kind, by };
  }
}

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
import { botDecision, type BotDecision, type BotDecisionOptions, type BotLevel } from './bot-decision.js';
import type { PlayPicker } from './engine-games.js';
import { positionFor } from '../match-state.js';

/** A side's decision whenever the match asks one of it. */
export type Decider = (state: MatchState, colour: Colour) => BotDecision;

/** A house bot of `level`, its chance choices (easy's greed) from `random`, deciding as `options` say. */
export function houseDecider(level: BotLevel, random: () => number, options?: BotDecisionOptions): Decider {
  return (state, colour) => {
    const decision = botDecision(state, colour, level, random, options);
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
  /** Every event of the match in order, the seats and the records included: what `writeMat` writes. */
  readonly events: readonly MatchEvent[];
}

/** A side's decision that may take a while (an external program's); a Decider is one. */
export type AsyncDecider = (state: MatchState, colour: Colour) => BotDecision | Promise<BotDecision>;

/** The side a match asks to decide now, or null when it asks nobody (over, or money games played). */
export function decidingColour(state: MatchState, maxGames: number): Colour | null {
  if (state.status !== 'playing') return null;
  if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started) return null;
  return 'player' in state.phase ? state.phase.player : 'white';
}

const SEATS: readonly MatchEvent[] = [
  { type: 'join', colour: 'white' },
  { type: 'join', colour: 'black' },
];

/** A new match of `options` with both players seated. */
export function seatedMatch(options: NewMatchOptions): MatchState {
  return withRecords(applyAll(newMatch(options), SEATS));
}

/** `state` after `by`'s decision and the records it makes due. @throws Error when the rules refuse it. */
export function afterDecision(state: MatchState, by: Colour, decision: BotDecision, dice: DiceContext): MatchState {
  return withRecords(applyAll(state, [decisionEvent(state, by, decision, dice)]));
}

/** `state` after the records it makes due (a game's end, the match's), each also pushed to `log` when given. */
function withRecords(state: MatchState, log?: MatchEvent[]): MatchState {
  let next = state;
  for (let due = recordsDue(next); due.length > 0; due = recordsDue(next)) {
    log?.push(due[0]);
    next = applyAll(next, [due[0]]);
  }
  return next;
}

function applyAll(state: MatchState, events: readonly MatchEvent[], log?: MatchEvent[]): MatchState {
  let next = state;
  for (const event of events) {
    const result = apply(next, event);
    if (!result.ok) throw new Error(`refused ${event.type}: ${result.reason} ${result.message}`);
    log?.push(event);
    next = result.state;
  }
  return next;
}

/** A match being played: its state, its events so far and the decisions counted. */
class MatchRun {
  readonly events: MatchEvent[] = [];
  readonly decisions = { white: new Map<BotDecision['kind'], number>(), black: new Map<BotDecision['kind'], number>() };
  state: MatchState;

  constructor(
    options: NewMatchOptions,
    private readonly dice: DiceContext,
  ) {
    this.state = withRecords(applyAll(newMatch(options), SEATS, this.events), this.events);
  }

  decide(colour: Colour, decision: BotDecision): void {
    const counts = this.decisions[colour];
    counts.set(decision.kind, (counts.get(decision.kind) ?? 0) + 1);
    const event = decisionEvent(this.state, colour, decision, this.dice);
    this.state = withRecords(applyAll(this.state, [event], this.events), this.events);
  }

  result(): DecidedMatch {
    return { state: this.state, decisions: this.decisions, events: this.events };
  }
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
  const run = new MatchRun(options, dice);
  for (let colour = decidingColour(run.state, maxGames); colour !== null; colour = decidingColour(run.state, maxGames))
    run.decide(colour, deciders[colour](run.state, colour));
  return run.result();
}

/** playDecidedMatch with deciders that may answer later (an external program): one decision at a time. */
export async function playDecidedMatchAsync(
  options: NewMatchOptions,
  deciders: Readonly<Record<Colour, AsyncDecider>>,
  dice: DiceContext,
  maxGames = 1,
): Promise<DecidedMatch> {
  const run = new MatchRun(options, dice);
  for (let colour = decidingColour(run.state, maxGames); colour !== null; colour = decidingColour(run.state, maxGames))
    run.decide(colour, await deciders[colour](run.state, colour));
  return run.result();
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

/**
 * What the server adds after an event (docs/architecture.md, "Match state
 * JSON"): the records a finished game or match needs, and the throws nobody
 * has a choice about: the opening throw (ties thrown again), and the roll of
 * a player who may not double. A roll with no legal play passes by itself
 * (the engine). With the player's `autoPlayForced`, a roll's only legal play
 * is played at once, as the player's own play. Between the games of a money
 * session nothing is thrown: either player may leave, or ask for the throw.
 *
 * Pure: the dice come from the DiceSource handed in (the service's roller,
 * docs/dice-fairness.md), the state from `apply`.
 */
import { apply } from './apply.js';
import type { DiceContext, OpeningThrow } from './dice.js';
import type { MatchEvent } from './events.js';
import type { MatchState } from './match-state.js';
import { playEventFor } from './transitions/plays.js';
import { recordsDue } from './transitions/records.js';
import type { Colour, Dice } from './types.js';

/** Where the server's throws come from: the roll index says which throw of the match it is (dice.ts). */
export interface DiceSource {
  /** The opening throw: one die each. */
  opening(context: DiceContext, rollIndex: number): OpeningThrow;
  /** A roll of two dice. */
  roll(context: DiceContext, rollIndex: number): Dice;
}

/**
 * An event the server adds. `player` is the colour whose own act it counts as
 * (a forced play made for them); null for the server's throws and records.
 */
export interface FollowUp {
  readonly event: MatchEvent;
  readonly player: Colour | null;
}

/** A follow-up as applied, with the state after it. */
export interface AppliedFollowUp extends FollowUp {
  readonly state: MatchState;
}

export interface FollowUpContext {
  readonly dice: DiceContext;
  readonly roller: DiceSource;
  /** Whether the player of this colour has asked for forced plays to be made for them. */
  readonly autoPlayForced: (colour: Colour) => boolean;
}

/** A bound that no real match reaches in one go; a guard against a position where no one can ever move. */
const MAX_FOLLOW_UPS = 400;

/** Whether the match stands between two games of a money session (where either player may leave). */
export function betweenMoneyGames(state: MatchState): boolean {
  return state.config.length === 0 && state.games.length > 0 && !state.game.started && state.status === 'playing';
}

/** The events the server appends after `state`, and the state they lead to. */
export function followUps(
  state: MatchState,
  context: FollowUpContext,
): { readonly state: MatchState; readonly added: AppliedFollowUp[] } {
  const added: AppliedFollowUp[] = [];
  let current = state;
  const push = (event: MatchEvent, player: Colour | null): void => {
    const result = apply(current, event);
    if (!result.ok) throw new Error(`The server's own ${event.type} was refused: ${result.reason} (${result.message})`);
    current = result.state;
    added.push({ event, player, state: current });
  };
  while (added.length < MAX_FOLLOW_UPS) {
    const due = recordsDue(current);
    if (due.length > 0) {
      for (const record of due) push(record, null);
      continue;
    }
    const next = nextThrowOrForcedPlay(current, context);
    if (next === null) break;
    push(next.event, next.player);
  }
  return { state: current, added };
}

/** The throw the server makes now, or the forced play it makes for the player; null when a player must decide. */
export function nextThrowOrForcedPlay(state: MatchState, context: FollowUpContext): FollowUp | null {
  const { phase } = state;
  switch (phase.kind) {
    case 'opening-roll': {
      if (betweenMoneyGames(state)) return null;
      const { white, black } = context.roller.opening(context.dice, state.rollIndex);
      return { event: { type: 'opening-roll', white, black }, player: null };
    }
    case 'roll': {
      if (phase.mayDouble || betweenMoneyGames(state)) return null;
      const dice = context.roller.roll(context.dice, state.rollIndex);
      return { event: { type: 'roll', by: phase.player, dice }, player: null };
    }
    case 'play': {
      if (!context.autoPlayForced(phase.player) || phase.plays.length !== 1) return null;
      const forced = playEventFor(state, phase.player, phase.plays[0].moves);
      return forced.ok ? { event: forced.event, player: phase.player } : null;
    }
    default:
      return null;
  }
}

/**
 * The events a match stores, one per fact (docs/architecture.md "Match event
 * model"). A match is the fold of its events with `apply` (apply.ts), in the
 * manner of lichess's chessops.
 *
 * Player actions carry `by`, the colour acting; the service maps the
 * authenticated user to a colour and `apply` refuses actions out of turn.
 * Dice are part of the events (the server derives them with dice.ts at
 * `state.rollIndex`); the engine never draws dice itself, so a replay needs
 * no secret.
 *
 * Records: `game-end` and `match-end` restate an outcome that `apply` has
 * already derived from the decisive event (the 15th checker borne off, a
 * drop, an accepted resignation, a leave during a money game; a timeout or
 * leave for the match). They are
 * stored so the log reads on its own, and `apply` accepts them only when they
 * equal the derivation. `recordsDue(state)` (transitions/records.ts) builds them.
 */
import type { GameOutcome, MatchScore } from './scoring.js';
import type { ResultMultiplier } from './result.js';
import type { Colour, Dice, Die, Move, SideBoard } from './types.js';

/** Both sides' checkers, each in its own numbering (docs/architecture.md "Board JSON": in a match the sides are named by colour). */
export interface ColourBoard {
  readonly white: SideBoard;
  readonly black: SideBoard;
}

/** A player takes a seat; `clientSeed` joins the dice derivation in join order. */
export interface JoinEvent {
  readonly type: 'join';
  readonly colour: Colour;
  readonly clientSeed?: string;
}

/** The invited player turns the invitation down; `by` is the seat they were offered. */
export interface DeclineEvent {
  readonly type: 'decline';
  readonly by: Colour;
}

/** The match is called off: a new abort before any throw (M6); stored logs may have one before the first play. */
export interface AbortEvent {
  readonly type: 'abort';
  readonly by: Colour;
}

/** One die each. Equal dice: thrown again (another opening-roll event), with an automatic double where agreed. */
export interface OpeningRollEvent {
  readonly type: 'opening-roll';
  readonly white: Die;
  readonly black: Die;
}

/** The player on turn rolls two dice. With no legal play the turn passes at once. */
export interface RollEvent {
  readonly type: 'roll';
  readonly by: Colour;
  readonly dice: Dice;
}

/**
 * The checker moves of a turn in the mover's numbering. `board`, when given,
 * is the position after the play by colour and must equal the engine's.
 */
export interface PlayEvent {
  readonly type: 'play';
  readonly by: Colour;
  readonly moves: readonly Move[];
  readonly board?: ColourBoard;
}

export interface DoubleEvent {
  readonly type: 'double';
  readonly by: Colour;
}

export interface TakeEvent {
  readonly type: 'take';
  readonly by: Colour;
}

export interface DropEvent {
  readonly type: 'drop';
  readonly by: Colour;
}

export interface BeaverEvent {
  readonly type: 'beaver';
  readonly by: Colour;
}

/** Offer to resign the game for 1 (single/oin), 2 (gammon/mars) or 3 (backgammon/koks) times the cube. */
export interface ResignEvent {
  readonly type: 'resign';
  readonly by: Colour;
  readonly value: ResultMultiplier;
}

export interface ResignationAcceptEvent {
  readonly type: 'resignation-accept';
  readonly by: Colour;
}

export interface ResignationRejectEvent {
  readonly type: 'resignation-reject';
  readonly by: Colour;
}

/** The opponent of the player who must act claims that player's deadline has passed: that player loses the match (M5). */
export interface TimeoutEvent {
  readonly type: 'timeout';
  readonly by: Colour;
}

/** A player leaves (M6): forfeits a match to N points; ends a money session, forfeiting the game under way if any. */
export interface LeaveEvent {
  readonly type: 'leave';
  readonly by: Colour;
}

/** Record of a finished game (derived by `apply`; must equal the derivation). */
export interface GameEndEvent {
  readonly type: 'game-end';
  readonly gameNumber: number;
  readonly outcome: GameOutcome;
}

export type MatchEndReason = 'points' | 'timeout' | 'leave';

/** How a match ended; `winner` is null only when a money session is left at an even score. */
export interface MatchResult {
  readonly winner: Colour | null;
  readonly reason: MatchEndReason;
  readonly score: MatchScore;
}

/** Record of the end of the match (derived by `apply`; must equal the derivation). */
export interface MatchEndEvent extends MatchResult {
  readonly type: 'match-end';
}

export type MatchEvent =
  | JoinEvent
  | DeclineEvent
  | AbortEvent
  | OpeningRollEvent
  | RollEvent
  | PlayEvent
  | DoubleEvent
  | TakeEvent
  | DropEvent
  | BeaverEvent
  | ResignEvent
  | ResignationAcceptEvent
  | ResignationRejectEvent
  | TimeoutEvent
  | LeaveEvent
  | GameEndEvent
  | MatchEndEvent;

export type MatchEventType = MatchEvent['type'];

export const MATCH_EVENT_TYPES: readonly MatchEventType[] = Object.freeze([
  'join',
  'decline',
  'abort',
  'opening-roll',
  'roll',
  'play',
  'double',
  'take',
  'drop',
  'beaver',
  'resign',
  'resignation-accept',
  'resignation-reject',
  'timeout',
  'leave',
  'game-end',
  'match-end',
]);

/**
 * Whether no event can follow `event`: the `match-end` record of a finished match, or
 * the abort or decline of one that never started (docs/architecture.md, "Match event model").
 */
export function isFinalEvent(event: MatchEvent): boolean {
  return event.type === 'match-end' || event.type === 'abort' || event.type === 'decline';
}

/** A resignation on the table. */
export interface ResignationOffer {
  readonly by: Colour;
  readonly value: ResultMultiplier;
}

/** A throw of the dice as a log records it: where (the event's index), which throw of the match, the two dice. */
export interface LoggedThrow {
  readonly index: number;
  /** 0 for the match's first throw, 1 for the next, … (the dice's derivation index, docs/dice-fairness.md). */
  readonly rollIndex: number;
  /** A roll's two dice; an opening throw's as [white, black]. */
  readonly dice: readonly [Die, Die];
}

/** The throws of a log, in order: every opening throw (ties too) and every roll. */
export function throwsIn(events: readonly MatchEvent[]): LoggedThrow[] {
  const throws: LoggedThrow[] = [];
  events.forEach((event, index) => {
    if (event.type === 'opening-roll')
      throws.push({ index, rollIndex: throws.length, dice: [event.white, event.black] });
    if (event.type === 'roll') throws.push({ index, rollIndex: throws.length, dice: [event.dice[0], event.dice[1]] });
  });
  return throws;
}

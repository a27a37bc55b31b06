/**
 * The fold of a match's stored events (docs/architecture.md "Match event
 * model"): every reader of an event log folds it here, once, and sees each
 * step through a visitor. `replay` is the fold from the empty match; the
 * match store folds from a state it kept, and keeps a checkpoint in its
 * visitor; the games-and-turns projection (games-and-turns.ts) builds its
 * records in its visitor.
 *
 * An event the state refuses stops the fold with IllegalEventError, naming
 * the event by its place in the match's log (`index`, its seq - 1), which is
 * the number of events the state before it had folded.
 */
import { apply, IllegalEventError, newMatch } from './apply.js';
import type { ApplyResult } from './apply-result.js';
import type { MatchEvent } from './events.js';
import type { MatchState, NewMatchOptions } from './match-state.js';

/** One event folded: the state it found, the event, the state it led to. */
export interface FoldStep {
  /** The event's place in the match's log, from 0: the number of events `before` had folded (its seq is index + 1). */
  readonly index: number;
  readonly before: MatchState;
  readonly event: MatchEvent;
  readonly after: MatchState;
}

/** Told every step of a fold, in order. */
export type FoldVisitor = (step: FoldStep) => void;

/** How a fold judges each event: `apply` for a stored log, `applyCommand` for one made now (an import). */
export type EventJudge = (state: MatchState, event: MatchEvent) => ApplyResult;

/**
 * `from` with `events` applied in order by `judge` (`apply`), each step told to
 * `visit`; the state after the last. Throws IllegalEventError at the first
 * event the state refuses (the steps before it have been visited).
 */
export function foldEvents(
  from: MatchState,
  events: Iterable<MatchEvent>,
  visit?: FoldVisitor,
  judge: EventJudge = apply,
): MatchState {
  let state = from;
  for (const event of events) {
    const result = judge(state, event);
    if (!result.ok) {
      throw new IllegalEventError(result.reason, result.message, state.eventCount, event, result.playReason);
    }
    visit?.({ index: state.eventCount, before: state, event, after: result.state });
    state = result.state;
  }
  return state;
}

/** The state a stored history folds into (throws IllegalEventError naming the first bad event). */
export function replay(options: NewMatchOptions, events: readonly MatchEvent[]): MatchState {
  return foldEvents(newMatch(options), events);
}

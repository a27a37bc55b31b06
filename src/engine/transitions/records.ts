/**
 * Records (docs/architecture.md "Match event model"). A game ends inside
 * `apply` on its decisive event: the play that bears off the 15th checker,
 * a drop, an accepted resignation; the score and Crawford state are counted
 * there. The `game-end` event is then required before the next game starts,
 * and must restate the derived outcome exactly; likewise `match-end` once
 * the match is decided (points, timeout, leave: a money session left during
 * a game ends after that game's record, M6).
 * `recordsDue` builds them, so the log reads on its own.
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
import type { GameEndEvent, MatchEndEvent, MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';
import { nextGameStart, type GameOutcome } from '../scoring.js';
import { endMatch, freeze, freshGame, OPENING_ROLL, rollPhase, withState } from './next-state.js';
import { sessionLeft } from './timeout-and-leave.js';

/**
 * The records to store after the last event, in order: `game-end` when a game
 * has just finished, `match-end` when the match is decided. Empty otherwise.
 */
export function recordsDue(state: MatchState): MatchEvent[] {
  const due: MatchEvent[] = [];
  let current = state;
  for (;;) {
    const { phase } = current;
    let recorded: ApplyResult;
    if (phase.kind === 'game-over') {
      const record: GameEndEvent = { type: 'game-end', gameNumber: current.game.number, outcome: phase.outcome };
      due.push(record);
      recorded = recordGameEnd(current, record);
    } else if (phase.kind === 'match-over' && !phase.recorded) {
      const record: MatchEndEvent = { type: 'match-end', ...phase.result };
      due.push(record);
      recorded = recordMatchEnd(current, record);
    } else {
      return due;
    }
    if (!recorded.ok)
      throw new Error(`the engine refused its own ${due[due.length - 1].type} record: ${recorded.message}`);
    current = recorded.state;
  }
}

export function recordGameEnd(state: MatchState, event: GameEndEvent): ApplyResult {
  const { phase } = state;
  if (phase.kind !== 'game-over') return refuse('nothing-to-record', 'No finished game is waiting for its record.');
  if (event.gameNumber !== state.game.number || !sameOutcome(event.outcome, phase.outcome)) {
    return refuse('record-mismatch', 'The game-end record differs from the outcome the events produce.');
  }
  const { progress, config } = state;
  if (progress.winner !== null) {
    return ok(endMatch(state, { winner: progress.winner, reason: 'points', score: progress.score }));
  }
  if (phase.outcome.reason === 'leave') return ok(endMatch(state, sessionLeft(progress.score)));
  const number = state.game.number + 1;
  const game = freshGame(config.variant, number, progress.crawfordGame);
  const start = nextGameStart(config.variant, config.effectiveRules, phase.outcome.winner);
  return ok(withState(state, { game, phase: start === 'opening-roll' ? OPENING_ROLL : rollPhase(state, game, start) }));
}

export function recordMatchEnd(state: MatchState, event: MatchEndEvent): ApplyResult {
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

/** Whether a stored outcome (untrusted shape) equals the derived one. */
function sameOutcome(stored: GameOutcome, derived: GameOutcome): boolean {
  if (stored === null || typeof stored !== 'object') return false;
  return (
    stored.winner === derived.winner &&
    stored.reason === derived.reason &&
    stored.kind === derived.kind &&
    stored.multiplier === derived.multiplier &&
    stored.homeMars === derived.homeMars &&
    stored.cubeValue === derived.cubeValue &&
    stored.jacoby === derived.jacoby &&
    stored.points === derived.points
  );
}

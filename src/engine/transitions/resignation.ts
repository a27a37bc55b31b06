/**
 * Resignation (M2): either player may offer to resign the game for 1, 2 or
 * 3 times the cube while it is under way and no decision is pending (phase
 * roll or play); the opponent answers. An acceptance ends the game with that
 * result (Jacoby applying as to a played-out game); a rejection returns to
 * the phase it interrupted. Long nardy without koks has no 3 (N7).
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
import type { MatchState } from '../match-state.js';
import { highestMultiplier } from '../result.js';
import { resignationOutcome } from '../scoring.js';
import { opponentOf, type Colour } from '../types.js';
import { inPlay, phaseRefusal } from './guards.js';
import { endGame, freeze, withState } from './next-state.js';

export function resign(state: MatchState, by: Colour, value: unknown): ApplyResult {
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
  const highest = highestMultiplier(state.config.variant, state.config.effectiveRules);
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

export function answerResignation(state: MatchState, by: Colour, accept: boolean): ApplyResult {
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

/**
 * The cube in a game (M1, M3, M4): a double offered by the player on turn
 * before rolling, and the answers to it: take, drop (the game ends at the
 * value before the double), or beaver in money sessions that allow it.
 * cube.ts holds the cube's own rules; this file moves the match through them.
 */
import { ok, refuse, type ApplyResult, type Refusal } from '../apply-result.js';
import {
  beaver as beaverCube,
  double as doubleCube,
  drop as dropCube,
  mayBeaver as cubeMayBeaver,
  maximumRefusal,
  take as takeCube,
  type CubeState,
} from '../cube.js';
import type { MatchEvent } from '../events.js';
import type { MatchState, Phase } from '../match-state.js';
import { dropOutcome } from '../scoring.js';
import { opponentOf, type Colour } from '../types.js';
import { inPlay, phaseRefusal } from './guards.js';
import { endGame, freeze, rollPhase, withGame, withState } from './next-state.js';

type CubeResponsePhase = Extract<Phase, { kind: 'cube-response' }>;

export function offerDouble(state: MatchState, by: Colour): ApplyResult {
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

export function takeDouble(state: MatchState, by: Colour): ApplyResult {
  const pending = cubeAnswerGuard(state, by);
  if (!pending.ok) return pending;
  const result = takeCube(state.game.cube, by);
  if (!result.ok) return result;
  const game = withGame(state.game, { cube: result.cube });
  return ok(withState(state, { game, phase: rollPhase(state, game, pending.phase.onRoll) }));
}

export function dropDouble(state: MatchState, by: Colour): ApplyResult {
  const pending = cubeAnswerGuard(state, by);
  if (!pending.ok) return pending;
  const result = dropCube(state.game.cube, by);
  if (!result.ok) return result;
  const cube: CubeState = freeze({ value: state.game.cube.value, owner: state.game.cube.owner, offer: null });
  const outcome = dropOutcome(state.config.variant, result.winner, result.points);
  return ok(endGame(withState(state, { game: withGame(state.game, { cube }) }), outcome));
}

export function beaverDouble(state: MatchState, by: Colour): ApplyResult {
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

/**
 * The highest cube (docs/rules.md M1), a rule for new commands (apply.ts `applyCommand`): a double or
 * beaver whose offer, `after` it, passes MAX_CUBE is refused. Stored logs made before the rule fold.
 */
export function cubeMaximumRefusal(after: MatchState, event: MatchEvent): Refusal | null {
  if (event.type !== 'double' && event.type !== 'beaver') return null;
  const offer = after.game.cube.offer;
  return offer === null ? null : maximumRefusal(offer.value);
}

/** `player` to answer the offer on `cube`; `onRoll` rolls after a take. */
function cubeResponse(state: MatchState, cube: CubeState, player: Colour, onRoll: Colour): Phase {
  const offer = cube.offer!;
  const mayBeaver = cubeMayBeaver(cube, player, state.config.effectiveRules);
  return freeze({ kind: 'cube-response', player, offer, mayBeaver, onRoll });
}

/** The pending double `by` may answer, or why not. */
function cubeAnswerGuard(
  state: MatchState,
  by: Colour,
): { readonly ok: true; readonly phase: CubeResponsePhase } | Refusal {
  const guard = inPlay(state);
  if (guard) return guard;
  const { phase } = state;
  if (phase.kind !== 'cube-response') return refuse('no-double-offered', 'No double is waiting for an answer.');
  if (phase.player !== by) return refuse('not-your-turn', `${phase.player} answers the double.`);
  return { ok: true, phase };
}

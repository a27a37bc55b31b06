/**
 * Seats: two `join` events (client seeds kept in join order, for dice.ts)
 * start the match at the opening roll; `decline` turns an invitation down;
 * `abort` calls the match off.
 *
 * Abort (M6): a new abort is refused once any throw has been made
 * (`abortCommandRefusal`, checked for new commands by `applyCommand`);
 * a stored history folds under the rule it was played under, which allowed
 * an abort until the first play, so old logs with an abort after the
 * opening throw still replay.
 */
import { ok, refuse, type ApplyResult, type Refusal } from '../apply-result.js';
import type { MatchState } from '../match-state.js';
import type { Colour } from '../types.js';
import { inPlay, isColour } from './guards.js';
import { AWAITING_PLAYERS, freeze, OPENING_ROLL, withState } from './next-state.js';

export function join(state: MatchState, colour: Colour, clientSeed: string | undefined): ApplyResult {
  if (!isColour(colour)) return refuse('bad-event', "`colour` must be 'white' or 'black'.");
  if (clientSeed !== undefined && typeof clientSeed !== 'string')
    return refuse('bad-event', 'A client seed is a string.');
  if (state.status !== 'awaiting-players') return refuse('unexpected-event', 'Both players have already joined.');
  if (state.joined.includes(colour)) return refuse('already-joined', `${colour} has already joined.`);
  const joined = freeze([...state.joined, colour]);
  const clientSeeds = clientSeed === undefined ? state.clientSeeds : freeze([...state.clientSeeds, clientSeed]);
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

/** The invitation is turned down by the player offered the free seat: the match never starts. */
export function decline(state: MatchState, by: Colour): ApplyResult {
  if (!isColour(by)) return refuse('bad-event', "`by` must be 'white' or 'black'.");
  if (state.status !== 'awaiting-players') return refuse('unexpected-event', 'Only an invitation can be declined.');
  if (state.joined.includes(by)) return refuse('already-joined', `${by} has joined; a seated player aborts instead.`);
  return ok(withState(state, { status: 'declined', phase: freeze({ kind: 'declined', by }) }));
}

export function abort(state: MatchState, by: Colour): ApplyResult {
  const guard = inPlay(state, true);
  if (guard) return guard;
  if (state.played) return refuse('abort-too-late', 'A match can only be aborted before its first play.');
  return ok(withState(state, { status: 'aborted', phase: freeze({ kind: 'aborted', by }) }));
}

/** Why a new `abort` is refused (M6): a throw has been made, and leaving is a forfeit. Null while none has. */
export function abortCommandRefusal(state: MatchState): Refusal | null {
  if (state.rollIndex === 0) return null;
  return refuse(
    'abort-too-late',
    'A match can be aborted only before its first throw; once the dice are seen, leaving forfeits it (docs/rules.md M6).',
  );
}

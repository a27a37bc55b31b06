/**
 * Seats: two `join` events (client seeds kept in join order, for dice.ts)
 * start the match at the opening roll; `abort` calls the match off, allowed
 * until the first play.
 */
import { ok, refuse, type ApplyResult } from '../apply-result.js';
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

export function abort(state: MatchState, by: Colour): ApplyResult {
  const guard = inPlay(state, true);
  if (guard) return guard;
  if (state.played) return refuse('abort-too-late', 'A match can only be aborted before its first play.');
  return ok(withState(state, { status: 'aborted', phase: freeze({ kind: 'aborted', by }) }));
}

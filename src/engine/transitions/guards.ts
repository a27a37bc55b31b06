/**
 * The checks every transition starts with: is the match under way, does the
 * event fit the phase, are its values well formed. Events are untrusted
 * input (a stored log, a client's request): each check refuses, never throws.
 */
import { refuse, type Refusal, type RefusalReason } from '../apply-result.js';
import type { MatchState, Phase } from '../match-state.js';
import type { Colour, Die } from '../types.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { isInteger } = Number;

const COLOURS_SET = new Set<unknown>(['white', 'black']);

/** Whether an untrusted value is a colour. */
export function isColour(value: unknown): value is Colour {
  return COLOURS_SET.has(value);
}

/** Whether an untrusted value is a die: a whole number from 1 to 6. */
export function isDie(value: unknown): value is Die {
  return typeof value === 'number' && isInteger(value) && value >= 1 && value <= 6;
}

/**
 * Refuses events once the match is over, before both players joined (unless
 * `allowAwaiting`), or while a finished game waits for its record; null when
 * the match is under way.
 */
export function inPlay(state: MatchState, allowAwaiting = false): Refusal | null {
  if (state.status === 'finished' || state.status === 'aborted' || state.status === 'declined') {
    if (state.phase.kind === 'game-over') return refuse('records-due', 'The game-end record is due.');
    return refuse('match-over', 'The match is over.');
  }
  if (state.status === 'awaiting-players' && !allowAwaiting)
    return refuse('awaiting-players', 'Both players must join first.');
  if (state.phase.kind === 'game-over') return refuse('records-due', 'The game is over; its game-end record is due.');
  return null;
}

/** Why an action of `by` does not fit the phase: someone else must act, or the phase wants something else. */
export function phaseRefusal(phase: Phase, by?: Colour): RefusalReason {
  if (by !== undefined && 'player' in phase && phase.player !== by) return 'not-your-turn';
  switch (phase.kind) {
    case 'cube-response':
    case 'resignation-response':
      return 'decision-pending';
    case 'game-over':
      return 'game-over';
    case 'match-over':
    case 'aborted':
    case 'declined':
      return 'match-over';
    case 'awaiting-players':
      return 'awaiting-players';
    case 'play':
      return 'after-roll';
    default:
      return 'unexpected-event';
  }
}

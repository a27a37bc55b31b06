/**
 * What applying an event gives: the next state, or a refusal naming the rule
 * or precondition the event breaks. A refusal is a value, never an exception
 * (only stored histories throw: `applyOrThrow` in apply.ts and the fold in fold.ts).
 */
import type { CubeRefusalReason } from './cube.js';
import type { MatchState } from './match-state.js';

export type RefusalReason =
  | CubeRefusalReason
  | 'illegal-play'
  | 'unexpected-event'
  | 'awaiting-players'
  | 'already-joined'
  | 'match-over'
  | 'game-over'
  | 'bad-dice'
  | 'bad-event'
  | 'decision-pending'
  | 'no-resignation-offered'
  | 'bad-resignation-value'
  | 'record-mismatch'
  | 'records-due'
  | 'nothing-to-record'
  | 'abort-too-late'
  | 'timeout-not-claimable';

export interface Refusal {
  readonly ok: false;
  readonly reason: RefusalReason;
  readonly message: string;
  /** For `illegal-play`: the play validator's reason (`must-use-both-dice`, `head-rule`, ...). */
  readonly playReason?: string;
}

export type ApplyResult = { readonly ok: true; readonly state: MatchState } | Refusal;

export function ok(state: MatchState): ApplyResult {
  return { ok: true, state };
}

export function refuse(reason: RefusalReason, message: string): Refusal {
  return { ok: false, reason, message };
}

/** An `illegal-play` refusal carrying the play validator's reason. */
export function illegalPlay(message: string, playReason: string): Refusal {
  return { ok: false, reason: 'illegal-play', message, playReason };
}

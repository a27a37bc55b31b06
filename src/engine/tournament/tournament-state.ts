/**
 * A tournament as its log folds it (apply-tournament.ts): the terms, the
 * entrants, and once started its rounds of slots. A slot is one pairing of
 * the draw: in a knock-out the winner goes on to the next round's slot
 * `slot >> 1`, on side `slot & 1`; in a round-robin every pair has one.
 * Immutable: every event makes a new state.
 */
import type { AdvanceReason, TournamentPlayer } from './tournament-events.js';
import type { TournamentTerms } from './tournament-terms.js';

export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

export interface Entrant extends TournamentPlayer {
  readonly rating: number;
  readonly bot: boolean;
  /** 1 for the top seed; null before the start. */
  readonly seed: number | null;
  /** Withdrew after the start (a withdrawal before it removes the entry). */
  readonly withdrawn: boolean;
}

/**
 * One side of a slot: a player; nobody (a bye in the draw, or nobody went on from the slot that
 * feeds it); or not known yet (that slot is not decided).
 */
export type SlotSide =
  { readonly kind: 'player'; readonly id: string } | { readonly kind: 'nobody' } | { readonly kind: 'waiting' };

export interface Slot {
  readonly round: number;
  /** From 0, within the round. */
  readonly slot: number;
  readonly sides: readonly [SlotSide, SlotSide];
  /** The match played for it, once created. */
  readonly matchId: string | null;
  /** The match's winner, or the player who went on without one; null until decided, or when nobody did. */
  readonly winner: string | null;
  /** Points won by each side's player (a walkover: the round's length to 0); null until decided. */
  readonly points: readonly [number, number] | null;
  /** Decided: by a match, a bye or a walkover (in a knock-out, the winner has gone on). */
  readonly decided: AdvanceReason | null;
}

export interface TournamentRound {
  readonly number: number;
  /** Points of each match of the round. */
  readonly length: number;
  readonly slots: readonly Slot[];
}

export interface TournamentState {
  readonly status: TournamentStatus;
  readonly organiser: TournamentPlayer;
  readonly terms: TournamentTerms;
  /** In the order they entered; seeded at the start. */
  readonly entrants: readonly Entrant[];
  readonly rounds: readonly TournamentRound[];
  /** The winner of a finished tournament; null otherwise (or if nobody was left). */
  readonly champion: string | null;
  /** Why it was cancelled. */
  readonly cancelled: 'organiser' | 'too-few-entrants' | null;
  /** Events folded: the log's last version. */
  readonly version: number;
}

/** The player of a side, or null. */
export function sidePlayer(side: SlotSide): string | null {
  return side.kind === 'player' ? side.id : null;
}

/** The slot's two players (null: nobody, or not known yet). */
export function slotPlayers(slot: Slot): readonly [string | null, string | null] {
  return [sidePlayer(slot.sides[0]), sidePlayer(slot.sides[1])];
}

/** Every slot of every round, round by round. */
export function allSlots(state: TournamentState): Slot[] {
  return state.rounds.flatMap((r) => r.slots);
}

/** The slot a match was created for, or undefined. */
export function slotOfMatch(state: TournamentState, matchId: string): Slot | undefined {
  return allSlots(state).find((s) => s.matchId === matchId);
}

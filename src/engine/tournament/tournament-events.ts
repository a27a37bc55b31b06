/**
 * A tournament's log (docs/tournaments.md "The log"): every change is one
 * of these events, appended with the next version; the tournament is their
 * fold (apply-tournament.ts). Players are named by account id and carry
 * their username for reading.
 */
import type { TournamentTerms } from './tournament-terms.js';

/** A player as the log names them. */
export interface TournamentPlayer {
  readonly id: string;
  readonly username: string;
}

/** How a place in the next round was won: a match, a bye (no opponent in the draw), or a walkover (the opponent withdrew). */
export type AdvanceReason = 'match' | 'bye' | 'walkover';

export type TournamentEvent =
  | { readonly type: 'created'; readonly organiser: TournamentPlayer; readonly terms: TournamentTerms }
  | {
      readonly type: 'entered';
      readonly player: TournamentPlayer;
      /** The player's rating when entering (the entry limits are checked on it). */
      readonly rating: number;
      readonly bot: boolean;
      /** When (ISO 8601): entries close at the terms' `entriesCloseAt`. */
      readonly at: string;
    }
  | { readonly type: 'withdrew'; readonly player: string }
  | {
      readonly type: 'started';
      /** The entrants' ids in seed order (1 first): by rating at the start (`seedOrder`). */
      readonly seeds: readonly string[];
    }
  | { readonly type: 'match-created'; readonly round: number; readonly slot: number; readonly matchId: string }
  | {
      readonly type: 'match-finished';
      readonly matchId: string;
      readonly winner: string;
      /** Points won by the slot's two players, in its order (docs/tournaments.md "Points"). */
      readonly points: readonly [number, number];
    }
  | {
      readonly type: 'advanced';
      readonly round: number;
      readonly slot: number;
      /** Who goes on from the slot; null when nobody does (both withdrew). */
      readonly player: string | null;
      readonly by: AdvanceReason;
    }
  | { readonly type: 'finished'; readonly champion: string | null }
  | { readonly type: 'cancelled'; readonly reason: 'organiser' | 'too-few-entrants' };

export type TournamentEventType = TournamentEvent['type'];

/**
 * The match state JSON and its parts, exactly as docs/architecture.md
 * ("Match state JSON") defines them: the public contract of every match
 * endpoint. The OpenAPI schema classes in http/dto/ describe these shapes
 * (and are checked against them there, field for field).
 */
import type { Colour, Dice, RulesOptions, SideBoard, Variant } from '../../engine/index.js';
import type { ActionName } from '../model/action-names.js';
import type { Awaiting, LastPlayRecord, MatchSource, MatchStatusName, UnratedReason } from '../model/match-record.js';

/** A seat's player: the username, and whether a program plays the account (docs/bots.md). */
export interface PlayerView {
  readonly username: string;
  readonly bot: boolean;
  /** Present (true) when its player closed the account (docs/accounts.md, "Closing"). */
  readonly closed?: true;
}

export interface SideView {
  readonly points: readonly number[];
  readonly bar: number;
  readonly off: number;
}

export interface GameView {
  readonly number: number;
  readonly board: { readonly white: SideView; readonly black: SideView };
  readonly cube: { readonly value: number; readonly owner: Colour | null };
  readonly dice: Dice | null;
  readonly pips: { readonly white: number; readonly black: number };
  /** The last checker play of this game: who, with which dice, its moves and gnubg's text of it. */
  readonly lastPlay: LastPlayView | null;
  /** Backgammon only: gnubg's Position ID, seen from the player on roll, and Match ID. */
  readonly positionId?: string;
  readonly matchId?: string;
}

/** A checker play as shown (the record's LastPlayRecord): who, with which dice, its moves and gnubg's text. */
export type LastPlayView = LastPlayRecord;

export interface TurnView {
  readonly player: Colour | null;
  readonly awaiting: Awaiting | null;
  readonly deadline: string | null;
}

export interface ResultView {
  readonly winner: Colour | null;
  readonly reason: 'points' | 'timeout' | 'leave';
  readonly score: { readonly white: number; readonly black: number };
}

export interface MatchView {
  readonly id: string;
  readonly variant: Variant;
  readonly length: number;
  readonly daysPerTurn: number | null;
  readonly bankDays: number;
  readonly rules: RulesOptions;
  /** played, or imported (read from a file: finished, read-only, unrated). */
  readonly source: MatchSource;
  /** Whether the end of the match moves its players' ratings. */
  readonly rated: boolean;
  /** Why a match asked rated is unrated: `pair-daily-limit` or `aborted-by-leave`; null otherwise. */
  readonly unratedReason: UnratedReason | null;
  readonly status: MatchStatusName;
  readonly version: number;
  readonly players: { readonly white: PlayerView | null; readonly black: PlayerView | null };
  readonly opponent: string | null;
  readonly you: Colour | null;
  readonly score: { readonly white: number; readonly black: number };
  readonly crawford: boolean;
  readonly game: GameView;
  readonly turn: TurnView;
  readonly actions: readonly ActionName[];
  readonly result: ResultView | null;
  /** How far the end of a rated match moved each player's rating (FIBS points, unrounded); null otherwise. */
  readonly ratingChange: { readonly white: number; readonly black: number } | null;
  /** Time left in each player's bank, in milliseconds (correspondence matches with a bank). */
  readonly banks: { readonly white: number; readonly black: number } | null;
  /** Null for an imported match: its dice came from its file, not from a seed. */
  readonly fairness: { readonly commitment: string; readonly seed: string | null } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function sideView(side: SideBoard): SideView {
  return { points: side.points, bar: side.bar, off: side.off };
}

import type { Colour, MatchEndReason, MatchEvent, RulesOptions, Variant } from '../../engine/index.js';

/** The statuses of a match as the API names them (docs/architecture.md, "Match state JSON"). */
export const MATCH_STATUS_NAMES = ['invited', 'playing', 'finished', 'aborted', 'declined'] as const;

/** A match's status as the API names it. */
export type MatchStatusName = (typeof MATCH_STATUS_NAMES)[number];

/** What a decision may wait for (`turn.awaiting`). */
export const AWAITING = ['roll', 'cube-response', 'play', 'resignation-response'] as const;

/** What a decision waits for (`turn.awaiting`). */
export type Awaiting = (typeof AWAITING)[number];

export interface UserRef {
  readonly id: string;
  readonly username: string;
}

/** A seated player, with the setting the server's follow-ups read, and whether a program plays it (docs/bots.md). */
export interface SeatedPlayer extends UserRef {
  readonly autoPlayForced: boolean;
  readonly bot: boolean;
  /** Its player closed the account (docs/accounts.md, "Closing"): the name is shown as closed. */
  readonly closed?: boolean;
}

/**
 * A match row as the use cases read it: the fixed terms, who is who, the
 * version, the dice secret, and the projection of its events as last written.
 */
export interface MatchRecord extends MatchTerms {
  readonly invited: UserRef | null;
  readonly white: SeatedPlayer | null;
  readonly black: SeatedPlayer | null;
  /** The number of events (the last seq). */
  readonly version: number;
  readonly projection: MatchProjection;
  /** How far the end of a rated match moved the winner's and the loser's ratings; null otherwise. */
  readonly ratingChanges: { readonly winner: number; readonly loser: number } | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The correspondence clock as stored: when the current decision started, its deadline, the banks left. */
export interface MatchClockState {
  readonly turnStartedAt: Date | null;
  readonly deadline: Date | null;
  readonly bankMs: { readonly white: number; readonly black: number };
}

/** The projection columns an append writes, all derived from the state after the events. */
export interface MatchProjection {
  readonly status: MatchStatusName;
  readonly whiteId: string | null;
  readonly blackId: string | null;
  readonly scoreWhite: number;
  readonly scoreBlack: number;
  readonly gameNumber: number;
  readonly crawford: boolean;
  readonly cubeValue: number;
  readonly cubeOwner: Colour | null;
  readonly turnColour: Colour | null;
  readonly turnUserId: string | null;
  readonly awaiting: Awaiting | null;
  readonly clock: MatchClockState;
  readonly winner: Colour | null;
  readonly endReason: 'points' | 'timeout' | 'leave' | null;
  readonly finishedAt: Date | null;
  /** The game's last checker play, as the lists show it; null before the game's first. */
  readonly lastPlay: LastPlayRecord | null;
}

/** A checker play as shown: who made it, with which dice, its moves and gnubg's text of it (empty: no move). */
export interface LastPlayRecord {
  readonly by: Colour;
  readonly dice: readonly [number, number];
  readonly moves: readonly { readonly from: number; readonly to: number }[];
  readonly text: string;
}

/** An event to append: the engine's event, who made it, and (backgammon) the Position ID after it. */
export interface NewMatchEvent {
  readonly event: MatchEvent;
  /** The user whose request made it; null for the server's own (opening throws, records). */
  readonly actorId: string | null;
  readonly positionId: string | null;
}

/** An event as stored. */
export interface StoredMatchEvent {
  readonly seq: number;
  readonly event: MatchEvent;
  readonly actorId: string | null;
  readonly positionId: string | null;
  readonly at: Date;
}

/**
 * Why a match asked rated is played unrated (docs/rules.md "Ratings"): the pair's rated matches of
 * the day are used up (decided when the pair is known), or the match was left or timed out before
 * both players made a real decision or three (decided at its end).
 */
export type UnratedReason = 'pair-daily-limit' | 'aborted-by-leave';

/** Where a match comes from: played here, or read from a file (finished, read-only, unrated). */
export type MatchSource = 'played' | 'imported';

/** What a match is created with and never changes. */
export interface MatchTerms {
  readonly source: MatchSource;
  /** An imported match's players as its file names them (they need not be users here); null for a match played here. */
  readonly importedPlayers: { readonly white: string; readonly black: string } | null;
  /**
   * Whether its end moves the players' ratings (docs/rules.md "Ratings"). The one term that may
   * change: an open challenge asked rated is played unrated when its join finds the pair at
   * RATED_MATCHES_PER_PAIR_PER_DAY (then `unratedReason` says so).
   */
  readonly rated: boolean;
  /** Why a match asked rated is unrated: the two players' rated matches of the day are used up. */
  readonly unratedReason: UnratedReason | null;
  readonly id: string;
  readonly variant: Variant;
  readonly length: number;
  readonly rules: RulesOptions;
  readonly daysPerTurn: number | null;
  readonly bankDays: number;
  readonly creatorId: string;
  readonly diceCommitment: string;
  /** Secret until the match is over. */
  readonly diceSeed: string;
}

/** The fixed terms of a new match. */
export interface NewMatchRecord extends MatchTerms {
  readonly invitedId: string | null;
}

/** A page of a list, newest first or soonest deadline first; `next` is the opaque cursor of the following page. */
export type { Page } from '../../common/page-cursor.js';

/**
 * A rated match left or timed out before both players made CHOICES_TO_RATE real decisions
 * (match-rating.ts): it ends as left, unrated, and the record of `abortedBy` (the player who left
 * or let the clock run out) counts it.
 */
export interface AbortedByLeave {
  readonly abortedBy: string;
}

/** What the events that end a rated match do to its players: rate it, or leave it unrated as aborted. */
export type RatedEnd = RatedResult | AbortedByLeave;

/**
 * A rated match's end as the ratings count it: the two players, the length, how it ended, and the
 * gammons and backgammons of its games.
 */
export interface RatedResult {
  readonly winnerId: string;
  readonly loserId: string;
  readonly length: number;
  /**
   * On points (resignations included), or by the loser's leave or timeout: a forfeit, which moves
   * the winner by no more than the leaver's provisional weight (docs/rules.md "Ratings").
   */
  readonly reason: MatchEndReason;
  readonly winner: { readonly gammons: number; readonly backgammons: number };
  readonly loser: { readonly gammons: number; readonly backgammons: number };
}

import type { Language } from '../../common/languages.js';

/**
 * A player as notifications need them: who, by what name, whether a house bot (never notified), and
 * the language kept on the account (null: none chosen, English).
 */
export interface Party {
  readonly id: string;
  readonly username: string;
  readonly houseBot: boolean;
  readonly language: Language | null;
}

/**
 * What the notifications of a match are decided from: its committed projection row (the
 * `matches` columns) and the last event written, read in one query by MatchFactsRepository.
 */
export interface MatchFacts {
  readonly matchId: string;
  /** invited | playing | finished | aborted | declined */
  readonly status: string;
  /** played | imported: imported matches are never notified. */
  readonly source: string;
  readonly variant: string;
  /** Points to win; 0 for a money session. */
  readonly length: number;
  readonly daysPerTurn: number | null;
  readonly version: number;
  readonly creator: Party;
  readonly invited: Party | null;
  readonly white: Party | null;
  readonly black: Party | null;
  /** The user who must act now, if any. */
  readonly turnUserId: string | null;
  /** roll | cube-response | play | resignation-response */
  readonly awaiting: string | null;
  readonly turnStartedAt: Date | null;
  readonly deadline: Date | null;
  readonly winner: 'white' | 'black' | null;
  readonly endReason: string | null;
  readonly scoreWhite: number;
  readonly scoreBlack: number;
  /** The last few events, newest first: their types and the users whose requests made them (null: the server's). */
  readonly recentEvents: readonly { readonly type: string; readonly actorId: string | null }[];
}

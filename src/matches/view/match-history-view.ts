/**
 * The read-side shapes beside the match state JSON (docs/architecture.md,
 * "Match state JSON"): events, a past position, the fairness record, list items.
 */
import type { Colour, Dice, Die, Move, Play, PositionJson } from '../../engine/index.js';
import type { GameView, LastPlayView, MatchView, TurnView } from './match-view.js';

/** One stored event: `seq`, `type`, the acting colour (`by`, null for the server's own), when, and the event's fields. */
export type EventView = {
  readonly seq: number;
  readonly type: string;
  readonly by: Colour | null;
  readonly at: string;
} & Record<string, unknown>;

export interface EventsPage {
  readonly events: readonly EventView[];
  /** `after` for the next page, or null on the last. */
  readonly next: number | null;
}

export interface PositionView {
  readonly seq: number;
  readonly score: { readonly white: number; readonly black: number };
  readonly crawford: boolean;
  readonly game: GameView;
  readonly turn: TurnView;
}

export interface ThrowView {
  readonly rollIndex: number;
  readonly seq: number;
  /** A roll's two dice; an opening throw's as [white, black]. */
  readonly dice: readonly [Die, Die];
}

export interface FairnessView {
  readonly algorithm: string;
  readonly commitment: string;
  readonly seed: string | null;
  readonly clientSeeds: readonly string[];
  readonly throws: readonly ThrowView[];
}

export interface LegalPlayView {
  readonly moves: readonly Move[];
  readonly text: string;
  /** The board after the play from the mover's side: `player` is the side that moved. */
  readonly position: PositionJson;
  /** Backgammon: gnubg Position ID of the result, opponent on roll. */
  readonly positionId?: string;
}

export interface MatchLegalPlaysView {
  readonly dice: Dice | null;
  readonly plays: readonly LegalPlayView[];
  /** The mover's first turn of the game: in long nardy a double may then take two checkers off the head (N5). */
  readonly firstTurn: boolean;
}

/** A match in a list: enough to pick it; the full state is one GET away. */
export type MatchSummaryView = Pick<
  MatchView,
  | 'id'
  | 'variant'
  | 'length'
  | 'source'
  | 'status'
  | 'version'
  | 'players'
  | 'opponent'
  | 'score'
  | 'turn'
  | 'result'
  | 'daysPerTurn'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** When the match ended (finished, aborted or declined); null while it goes on. */
  readonly finishedAt: string | null;
  /** The game's last checker play ("bob played 6-4: 24/14"); null before one, or for a row not written since it was kept. */
  readonly lastPlay: LastPlayView | null;
};

export interface MatchListView {
  readonly items: readonly MatchSummaryView[];
  readonly next: string | null;
}

export type { Play };

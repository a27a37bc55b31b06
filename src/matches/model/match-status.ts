/**
 * A match's status and whose decision it is, as the API names them
 * (docs/architecture.md, "Match state JSON"), read from the folded state:
 * what the projection stores and the state JSON shows.
 */
import { betweenMoneyGames, type Colour, type MatchState } from '../../engine/index.js';
import type { Awaiting, MatchStatusName } from './match-record.js';

/** Who must decide now, and what (the `turn` of the state JSON, without the deadline). */
export interface Turn {
  readonly player: Colour | null;
  readonly awaiting: Awaiting | null;
}

export function statusName(state: MatchState): MatchStatusName {
  return state.status === 'awaiting-players' ? 'invited' : state.status;
}

/** Whether the match is over for good: the dice seed may be revealed. */
export function isOver(status: MatchStatusName): boolean {
  return status === 'finished' || status === 'aborted' || status === 'declined';
}

/** Who must decide now, and what. */
export function turnOf(state: MatchState): Turn {
  const { phase } = state;
  switch (phase.kind) {
    case 'roll':
      return { player: phase.player, awaiting: 'roll' };
    case 'cube-response':
      return { player: phase.player, awaiting: 'cube-response' };
    case 'play':
      return { player: phase.player, awaiting: 'play' };
    case 'resignation-response':
      return { player: phase.player, awaiting: 'resignation-response' };
    case 'opening-roll':
      return betweenMoneyGames(state) ? { player: null, awaiting: 'roll' } : { player: null, awaiting: null };
    default:
      return { player: null, awaiting: null };
  }
}

/**
 * The projection columns of a match (the `matches` row) as the folded state
 * and the clock give them: what an append writes beside its events, and what
 * `verify:replay` recomputes from the events to compare with the row.
 */
import type { MatchState } from '../../engine/index.js';
import type { MatchClockState, MatchProjection, MatchRecord } from '../model/match-record.js';
import { isOver, statusName, turnOf } from '../model/match-status.js';
import { lastPlayView } from '../view/match-presenter.js';

/** Who sits where, by user id. */
export interface Seats {
  readonly whiteId: string | null;
  readonly blackId: string | null;
}

export function projectionOf(
  record: Pick<MatchRecord, 'invited'>,
  seats: Seats,
  state: MatchState,
  clock: MatchClockState,
  finishedAt: Date | null,
): MatchProjection {
  const status = statusName(state);
  const turn = turnOf(state);
  const { phase, game, progress } = state;
  const result = phase.kind === 'match-over' ? phase.result : null;
  const seatOf = (colour: 'white' | 'black'): string | null => (colour === 'white' ? seats.whiteId : seats.blackId);
  return {
    status,
    whiteId: seats.whiteId,
    blackId: seats.blackId,
    scoreWhite: progress.score.white,
    scoreBlack: progress.score.black,
    gameNumber: game.number,
    crawford: game.crawford,
    cubeValue: game.cube.value,
    cubeOwner: game.cube.owner === 'centre' ? null : game.cube.owner,
    turnColour: turn.player,
    turnUserId: turn.player !== null ? seatOf(turn.player) : status === 'invited' ? (record.invited?.id ?? null) : null,
    awaiting: turn.awaiting,
    clock,
    winner: result?.winner ?? null,
    endReason: result?.reason ?? null,
    finishedAt: isOver(status) ? finishedAt : null,
    lastPlay: lastPlayView(state),
  };
}

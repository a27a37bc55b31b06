/**
 * Reading one match, as anyone may: the state for a caller, the legal plays
 * of the roll on the board, the event log, any past position rebuilt by
 * replay, and the fairness record. The lists are MatchHistoryService's, the
 * games and turns MatchGamesService's.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { DICE_ALGORITHM, encodePositionId, swapSides, throwsIn } from '../../engine/index.js';
import { MatchStore } from '../core/match-store.js';
import { NoDiceDerivationError } from '../model/match.errors.js';
import { eventView } from '../view/match-event-view.js';
import type {
  EventsPage,
  FairnessView,
  MatchLegalPlaysView,
  PositionView,
  ThrowView,
} from '../view/match-history-view.js';
import { isOver, turnOf } from '../model/match-status.js';
import { gameView, presentMatch } from '../view/match-presenter.js';
import type { MatchView } from '../view/match-view.js';

@Injectable()
export class MatchReadsService {
  constructor(
    private readonly store: MatchStore,
    private readonly clock: Clock,
  ) {}

  async view(id: string, userId: string | null): Promise<MatchView> {
    const { record, state } = await this.store.load(id);
    return presentMatch(record, state, userId, this.clock.now());
  }

  /** Every legal play of the roll on the board; none (and no dice) when no play is awaited. */
  async legalPlays(id: string): Promise<MatchLegalPlaysView> {
    const { state } = await this.store.load(id);
    const { phase } = state;
    if (phase.kind !== 'play') return { dice: null, plays: [], firstTurn: false };
    const backgammon = state.config.variant === 'backgammon';
    return {
      dice: phase.dice,
      plays: phase.plays.map((play) => ({
        moves: play.moves.map(({ from, to }) => ({ from, to })),
        text: play.text,
        position: play.position,
        ...(backgammon ? { positionId: encodePositionId(swapSides(play.position)) } : {}),
      })),
      firstTurn: state.game.firstTurn[phase.player],
    };
  }

  async events(id: string, after: number, limit: number): Promise<EventsPage> {
    const record = await this.store.record(id);
    const stored = await this.store.events(record, after, Math.min(record.version, after + limit + 1));
    const page = stored.slice(0, limit);
    return {
      events: page.map(eventView),
      next: stored.length > limit ? page[page.length - 1].seq : null,
    };
  }

  /** The score, game and turn as they stood after event `seq`, rebuilt by replaying the log up to it. */
  async position(id: string, seq: number): Promise<PositionView> {
    const { record, state } = await this.store.loadAfter(id, seq);
    const current = seq === record.version ? record.projection.clock.deadline : null;
    const turn = turnOf(state);
    return {
      seq,
      score: { ...state.progress.score },
      crawford: state.game.crawford,
      game: gameView(state),
      turn: { ...turn, deadline: turn.player !== null && current ? current.toISOString() : null },
    };
  }

  /** The dice record anyone can check (docs/dice-fairness.md); the seed only once the match is over. */
  async fairness(id: string): Promise<FairnessView> {
    const { record, state } = await this.store.load(id);
    if (record.source === 'imported') throw new NoDiceDerivationError(id);
    const stored = await this.store.events(record);
    const throws: ThrowView[] = throwsIn(stored.map((s) => s.event)).map(({ index, rollIndex, dice }) => ({
      rollIndex,
      seq: stored[index].seq,
      dice,
    }));
    return {
      algorithm: DICE_ALGORITHM,
      commitment: record.diceCommitment,
      seed: isOver(record.projection.status) ? record.diceSeed : null,
      clientSeeds: state.clientSeeds,
      throws,
    };
  }
}

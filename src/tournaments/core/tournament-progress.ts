/**
 * What moves a running tournament on (docs/tournaments.md, "Progress"): a
 * finished match's result recorded in its tournament, and a tournament's step,
 * which ends the matches of players who withdrew and creates the matches its
 * draw needs. Both may be taken again, on any node, after a crash or a lost
 * race, and do nothing twice: a result is recorded once (the engine refuses a
 * second), a match's id is made from its slot (a second creation stores
 * nothing), and `match-created` is appended only for a slot without a match.
 */
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../common/domain-error.js';
import {
  dueForfeits,
  dueMatches,
  slotOfMatch,
  slotPlayers,
  type DueMatch,
  type TournamentEvent,
  type TournamentState,
  type TournamentTerms,
} from '../../engine/index.js';
import { MatchActionsService, MatchesService, MatchStore } from '../../matches/index.js';
import { tournamentMatchId, tournamentResult } from './tournament-result.js';
import { TournamentWriter, judgeChange } from './tournament-writer.js';
import type { TournamentRecord } from '../model/tournament-record.js';
import { TournamentsRepository } from './tournaments.repository.js';

@Injectable()
export class TournamentProgress {
  private readonly log = new Logger('Tournaments');

  constructor(
    private readonly repository: TournamentsRepository,
    private readonly writer: TournamentWriter,
    private readonly store: MatchStore,
    private readonly matches: MatchesService,
    private readonly actions: MatchActionsService,
  ) {}

  /** Records the result of `matchId` in its tournament if it is finished (and not recorded yet). */
  async recordResult(matchId: string): Promise<void> {
    const link = await this.repository.ofMatch(matchId);
    if (link === null) return;
    const { record, state } = await this.store.load(matchId);
    const result = tournamentResult(state);
    if (result === null) return;
    const winnerId = result.winner === 'white' ? record.white?.id : record.black?.id;
    if (winnerId === undefined) return;
    const event = (tournament: TournamentRecord): TournamentEvent | null => {
      const slot = slotOfMatch(tournament.state, matchId);
      if (slot === undefined || slot.winner !== null || slot.decided !== null) return null;
      // Points in the slot's order: its first player is the match's white.
      const [first] = slotPlayers(slot);
      const points: [number, number] =
        first === record.white?.id
          ? [result.points.white, result.points.black]
          : [result.points.black, result.points.white];
      return { type: 'match-finished', matchId, winner: winnerId, points };
    };
    // The matches the result makes due are stored first, so that the result and their creation are one
    // write of the tournament (a race that changes the draw meanwhile leaves them to the step).
    const before = await this.writer.load(link.tournamentId);
    const finished = event(before);
    if (finished === null) return;
    const due = dueMatches(judgeChange(before.state, { events: [finished], actorId: null }).state);
    const made = await this.arrange(link.tournamentId, before.state.terms, due);
    await this.writer.change(
      link.tournamentId,
      (tournament) => {
        const now = event(tournament);
        return now === null ? { events: [], actorId: null } : { events: [now], actorId: null, then: created(made) };
      },
      before,
    );
  }

  /**
   * The tournament's step: forfeits of the withdrawn (their matches are left in their name; the
   * result then comes as any other), then the matches due, each created and recorded.
   */
  async step(tournamentId: string): Promise<void> {
    const record = await this.writer.load(tournamentId);
    const forfeits = dueForfeits(record.state);
    for (const forfeit of forfeits) {
      try {
        await this.actions.act(forfeit.matchId, forfeit.player, { name: 'leave' }, null);
      } catch (err: unknown) {
        // Over already (its result is on its way), or the player left it first.
        if (!(err instanceof DomainError)) throw err;
      }
      await this.recordResult(forfeit.matchId);
    }
    const due = dueMatches(record.state);
    if (due.length === 0) return;
    // Every match stored and linked first, then all recorded in one change: a round-robin's start (or a
    // knock-out's first round) writes the tournament once, not once a match.
    const made = await this.arrange(tournamentId, record.state.terms, due);
    // The record read above is still the tournament's unless a forfeit just recorded a result.
    const fresh = forfeits.length === 0 ? record : undefined;
    await this.writer.change(
      tournamentId,
      (current) => ({ events: created(made)(current.state), actorId: null }),
      fresh,
    );
    // A match may have ended before it was linked (it cannot in practice: its players have just been told of it).
    for (const { matchId } of made) await this.recordResult(matchId);
  }

  /** Stores and links the matches `due` (a match stored already is left as it is): their slots and ids. */
  private async arrange(tournamentId: string, terms: TournamentTerms, due: readonly DueMatch[]): Promise<Made[]> {
    const made: Made[] = [];
    for (const { round, slot, length, white, black } of due) {
      const matchId = tournamentMatchId(tournamentId, round, slot);
      const stored = await this.matches.arrange({
        id: matchId,
        variant: terms.variant,
        length,
        rules: terms.rules,
        daysPerTurn: terms.daysPerTurn,
        bankDays: terms.bankDays,
        rated: terms.rated,
        whiteId: white,
        blackId: black,
      });
      await this.repository.linkMatch(tournamentId, round, slot, matchId);
      made.push({ round, slot, white, black, matchId });
      if (stored) this.log.log(`tournament ${tournamentId}: round ${round} match ${slot} created (${matchId})`);
    }
    return made;
  }
}

/** A match stored for a slot. */
interface Made {
  readonly round: number;
  readonly slot: number;
  readonly white: string;
  readonly black: string;
  readonly matchId: string;
}

/** The `match-created` events of the matches `made` whose slots still wait for them, with the same players. */
function created(made: readonly Made[]): (state: TournamentState) => TournamentEvent[] {
  return (state) =>
    made
      .filter(({ round, slot, white, black }) => {
        const now = state.rounds[round - 1]?.slots[slot];
        if (now === undefined || now.matchId !== null || now.decided !== null) return false;
        const [a, b] = slotPlayers(now);
        return a === white && b === black;
      })
      .map(({ round, slot, matchId }) => ({ type: 'match-created', round, slot, matchId }));
}

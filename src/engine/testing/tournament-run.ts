/**
 * Tournaments run in memory for the specs: a log made from terms and
 * entrants, the follow-ups and due matches folded in as the service appends
 * them, and matches decided as the test says.
 */
import { DEFAULT_RULES } from '../rules-options.js';
import { applyTournament, foldTournament, newTournament, seedOrder } from '../tournament/apply-tournament.js';
import type { TournamentEvent } from '../tournament/tournament-events.js';
import { dueForfeits, dueMatches, nextFollowUp } from '../tournament/tournament-follow-ups.js';
import { allSlots, type Slot, type TournamentState } from '../tournament/tournament-state.js';
import type { TournamentTerms } from '../tournament/tournament-terms.js';

export const ORGANISER = { id: 'organiser', username: 'organiser' };

export function terms(overrides: Partial<TournamentTerms> = {}): TournamentTerms {
  return {
    name: 'Autumn cup',
    variant: 'backgammon',
    format: 'knockout',
    lengths: [1],
    rules: DEFAULT_RULES,
    daysPerTurn: 3,
    bankDays: 0,
    rated: true,
    maxPlayers: 64,
    minRating: null,
    maxRating: null,
    entriesCloseAt: null,
    startsAt: null,
    botsAllowed: true,
    ...overrides,
  };
}

/** A running log: events appended one by one, each applied (a refusal throws). */
export class TournamentRun {
  readonly events: TournamentEvent[] = [];
  state: TournamentState;
  private matches = 0;

  constructor(t: TournamentTerms) {
    const created: TournamentEvent = { type: 'created', organiser: ORGANISER, terms: t };
    this.events.push(created);
    this.state = newTournament(created);
  }

  append(event: TournamentEvent): TournamentState {
    const result = applyTournament(this.state, event);
    if (!result.ok) throw new Error(`${event.type} refused: ${result.reason}: ${result.message}`);
    this.events.push(event);
    this.state = result.state;
    return this.state;
  }

  enter(id: string, rating = 1500, bot = false): void {
    this.append({ type: 'entered', player: { id, username: id }, rating, bot, at: '2026-01-01T00:00:00.000Z' });
  }

  start(): void {
    this.append({ type: 'started', seeds: seedOrder(this.state.entrants) });
    this.settle();
  }

  /** Appends every follow-up and creates every due match (ids m1, m2, …), until nothing is due. */
  settle(): void {
    for (;;) {
      const event = nextFollowUp(this.state);
      if (event !== null) {
        this.append(event);
        continue;
      }
      const due = dueMatches(this.state);
      if (due.length === 0) return;
      for (const m of due)
        this.append({ type: 'match-created', round: m.round, slot: m.slot, matchId: `m${++this.matches}` });
    }
  }

  /** The slots with a match under way. */
  running(): Slot[] {
    return allSlots(this.state).filter((s) => s.matchId !== null && s.winner === null && s.decided === null);
  }

  /** The match of `slot` ends: `winner` wins it, by `points`; then everything due follows. */
  finish(slot: Slot, winner: string, points: readonly [number, number]): void {
    if (slot.matchId === null) throw new Error('no match');
    this.append({ type: 'match-finished', matchId: slot.matchId, winner, points });
    this.settle();
  }

  /** A player withdraws; their running matches end as forfeits (the opponent wins by the length to their score). */
  withdraw(id: string): void {
    this.append({ type: 'withdrew', player: id });
    for (const forfeit of dueForfeits(this.state)) {
      const slot = allSlots(this.state).find((s) => s.matchId === forfeit.matchId) as Slot;
      const other = slot.sides.find((s) => s.kind === 'player' && s.id !== id);
      const winner = other?.kind === 'player' ? other.id : id;
      const length = this.state.rounds[slot.round - 1].length;
      this.append({
        type: 'match-finished',
        matchId: forfeit.matchId,
        winner,
        points: slot.sides[0].kind === 'player' && slot.sides[0].id === winner ? [length, 0] : [0, length],
      });
    }
    this.settle();
  }

  replayed(): TournamentState {
    return foldTournament(this.events);
  }
}

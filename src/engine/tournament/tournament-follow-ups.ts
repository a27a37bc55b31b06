/**
 * What a tournament's state asks for next (docs/tournaments.md "Progress"):
 * the events that follow from it alone (a winner or a bye goes on, the
 * tournament finishes), the matches to create, and the matches a withdrawn
 * player forfeits. The service appends the follow-ups in the transaction
 * that caused them, creates the matches (each with an id of its own slot, so
 * a second node creates none twice) and ends the forfeited ones; the fold
 * refuses a follow-up appended twice.
 */
import { standings } from './standings.js';
import type { TournamentEvent } from './tournament-events.js';
import type { Slot, TournamentState } from './tournament-state.js';

/** A match the draw needs now: the slot's first player plays white. */
export interface DueMatch {
  readonly round: number;
  readonly slot: number;
  readonly length: number;
  readonly white: string;
  readonly black: string;
}

/** A running match a withdrawn player forfeits. */
export interface DueForfeit {
  readonly matchId: string;
  readonly player: string;
}

function withdrawnSet(state: TournamentState): Set<string> {
  return new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
}

/** The slot's players who still play (not withdrawn). */
function livePlayers(slot: Slot, withdrawn: ReadonlySet<string>): string[] {
  return slot.sides.flatMap((s) => (s.kind === 'player' && !withdrawn.has(s.id) ? [s.id] : []));
}

/** The next event that follows from the state alone, or null when none does. */
export function nextFollowUp(state: TournamentState): TournamentEvent | null {
  if (state.status !== 'running') return null;
  const withdrawn = withdrawnSet(state);
  const knockout = state.terms.format === 'knockout';
  for (const round of state.rounds) {
    for (const slot of round.slots) {
      if (slot.decided !== null || slot.sides.some((s) => s.kind === 'waiting')) continue;
      if (knockout && slot.winner !== null) {
        return { type: 'advanced', round: slot.round, slot: slot.slot, player: slot.winner, by: 'match' };
      }
      if (slot.matchId !== null) continue;
      const live = livePlayers(slot, withdrawn);
      if (live.length === 2) continue;
      const bye = slot.round === 1 && slot.sides.some((s) => s.kind === 'nobody');
      return {
        type: 'advanced',
        round: slot.round,
        slot: slot.slot,
        player: live[0] ?? null,
        by: bye ? 'bye' : 'walkover',
      };
    }
  }
  if (state.rounds.every((r) => r.slots.every((s) => s.decided !== null))) {
    const champion = knockout
      ? (state.rounds[state.rounds.length - 1].slots[0].winner ?? null)
      : standings(state)[0].id;
    return { type: 'finished', champion };
  }
  return null;
}

/** Every follow-up, in order: `apply` folds each in before the next is asked for. */
export function tournamentFollowUps(
  state: TournamentState,
  apply: (state: TournamentState, event: TournamentEvent) => TournamentState,
): { readonly events: TournamentEvent[]; readonly state: TournamentState } {
  const events: TournamentEvent[] = [];
  let current = state;
  for (let event = nextFollowUp(current); event !== null; event = nextFollowUp(current)) {
    events.push(event);
    current = apply(current, event);
  }
  return { events, state: current };
}

/** The matches the draw needs created now: both players known and still playing, no match yet. */
export function dueMatches(state: TournamentState): DueMatch[] {
  if (state.status !== 'running') return [];
  const withdrawn = withdrawnSet(state);
  const due: DueMatch[] = [];
  for (const round of state.rounds) {
    for (const slot of round.slots) {
      if (slot.decided !== null || slot.matchId !== null) continue;
      const [a, b] = slot.sides;
      if (a.kind !== 'player' || b.kind !== 'player' || withdrawn.has(a.id) || withdrawn.has(b.id)) continue;
      due.push({ round: slot.round, slot: slot.slot, length: round.length, white: a.id, black: b.id });
    }
  }
  return due;
}

/** The running matches of players who withdrew: each forfeits. */
export function dueForfeits(state: TournamentState): DueForfeit[] {
  if (state.status !== 'running') return [];
  const withdrawn = withdrawnSet(state);
  const due: DueForfeit[] = [];
  for (const slot of state.rounds.flatMap((r) => r.slots)) {
    if (slot.matchId === null || slot.winner !== null || slot.decided !== null) continue;
    const player = slot.sides.find((s) => s.kind === 'player' && withdrawn.has(s.id));
    if (player?.kind === 'player') due.push({ matchId: slot.matchId, player: player.id });
  }
  return due;
}

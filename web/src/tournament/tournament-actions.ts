/**
 * What a person may ask of a tournament as it stands (docs/tournaments.md, "Terms" and "Results"):
 * the buttons its page offers. The server judges every request; these only say which requests make
 * sense to offer now, from what the tournament says of itself (`status`, `entriesOpen`, the
 * entrants, the organiser), so that a page never offers what the state rules out.
 */
import type { Tournament } from '../api/client.js';

/** `enter` and `withdraw` are the person's own; `add-bot`, `start` and `cancel` the organiser's. */
export type TournamentAction = 'enter' | 'withdraw' | 'add-bot' | 'start' | 'cancel';

type Entrant = Tournament['entrants'][number];

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The viewer's entry, withdrawn or not; null when they have not entered (or are signed out). */
export function entryOf(tournament: Pick<Tournament, 'entrants'>, viewer: string | null): Entrant | null {
  if (viewer === null) return null;
  return tournament.entrants.find((entrant) => sameName(entrant.username, viewer)) ?? null;
}

/** Whether the viewer organises the tournament. */
export function organises(tournament: Pick<Tournament, 'organiser'>, viewer: string | null): boolean {
  return viewer !== null && sameName(tournament.organiser, viewer);
}

/** The actions the viewer may take, in the order the page shows them; none signed out. */
export function tournamentActions(tournament: Tournament, viewer: string | null): TournamentAction[] {
  if (viewer === null) return [];
  const actions: TournamentAction[] = [];
  const entry = entryOf(tournament, viewer);
  const open = tournament.status === 'open';
  if (entry === null && tournament.entriesOpen) actions.push('enter');
  // After the start, a withdrawal forfeits what is left to play; a withdrawn player has nothing left.
  if (entry !== null && !entry.withdrawn && (open || tournament.status === 'running')) actions.push('withdraw');
  if (organises(tournament, viewer) && open) {
    if (tournament.botsAllowed && tournament.entriesOpen) actions.push('add-bot');
    actions.push('start', 'cancel');
  }
  return actions;
}

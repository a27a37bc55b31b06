/** Tournaments as the API answers them, for the specs: an open knock-out unless told otherwise. */
import type { Tournament, TournamentMatch } from '../../api/client.js';

export function aTournament(changes: Partial<Tournament> = {}): Tournament {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Autumn knock-out',
    status: 'open',
    format: 'knockout',
    organiser: 'olga',
    variant: 'backgammon',
    lengths: [3, 5],
    rules: {},
    daysPerTurn: 3,
    bankDays: 0,
    rated: true,
    maxPlayers: 8,
    minRating: null,
    maxRating: null,
    entriesCloseAt: null,
    startsAt: null,
    botsAllowed: true,
    entriesOpen: true,
    entrants: [],
    rounds: [],
    standings: [],
    champion: null,
    cancelled: null,
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

export function anEntrant(
  username: string,
  seed: number | null = null,
  changes: Partial<Tournament['entrants'][number]> = {},
) {
  return { username, seed, rating: 1500, bot: false, withdrawn: false, ...changes };
}

/** A pairing of two players (or nobody), undecided unless told. */
export function aPairing(
  slot: number,
  players: readonly [string | null, string | null],
  changes: Partial<TournamentMatch> = {},
): TournamentMatch {
  return {
    slot,
    matchId: null,
    // The contract types the sides as strings; nobody (a bye, a winner to come) is null.
    players: players as unknown as string[],
    waiting: [false, false],
    winner: null,
    points: null,
    decidedBy: null,
    ...changes,
  };
}

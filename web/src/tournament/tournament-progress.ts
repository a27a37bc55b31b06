/**
 * How far a tournament has gone, read from its rounds as the server gives them: the round a
 * knock-out is playing, the matches a round-robin has played, and the round a match plays in.
 */
import type { Tournament, TournamentMatch, TournamentRound } from '../api/client.js';

/** The first round with a pairing not yet decided (a knock-out's round under way); null when none is. */
export function currentRound(tournament: Pick<Tournament, 'rounds'>): TournamentRound | null {
  return tournament.rounds.find((round) => round.matches.some((match) => match.decidedBy === null)) ?? null;
}

/** The pairings decided by a match, and every pairing that is one (byes are none). */
export function matchesPlayed(tournament: Pick<Tournament, 'rounds'>): {
  readonly played: number;
  readonly total: number;
} {
  const pairings = tournament.rounds.flatMap((round) => round.matches).filter((match) => match.decidedBy !== 'bye');
  return { played: pairings.filter((match) => match.decidedBy !== null).length, total: pairings.length };
}

/** The round `matchId` plays in, or null when it is no match of this tournament. */
export function roundOfMatch(tournament: Pick<Tournament, 'rounds'>, matchId: string): TournamentRound | null {
  return tournament.rounds.find((round) => round.matches.some((match) => match.matchId === matchId)) ?? null;
}

/** A knock-out round's distance from the final: 0 for the final, 1 for the semi-finals, … */
export function roundsToFinal(tournament: Pick<Tournament, 'rounds'>, round: Pick<TournamentRound, 'number'>): number {
  return tournament.rounds.length - round.number;
}

/** The match `player` has under way in the tournament, with its round; null when they have none. */
export function matchUnderWay(
  tournament: Pick<Tournament, 'rounds'>,
  player: string | null,
): { readonly round: TournamentRound; readonly match: TournamentMatch } | null {
  if (player === null) return null;
  const named = (name: string | null | undefined): boolean => name?.toLowerCase() === player.toLowerCase();
  for (const round of tournament.rounds)
    for (const match of round.matches)
      if (match.matchId !== null && match.decidedBy === null && (match.players ?? []).some(named))
        return { round, match };
  return null;
}

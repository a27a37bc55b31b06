/**
 * A round-robin's crosstable (docs/tournaments.md, "Round-robin"): the players by seed down the side
 * and across the top, each cell the match of its row's player against its column's, told from the
 * row's side. Read from the rounds the server gives; nothing is judged here.
 */
import type { Tournament, TournamentMatch } from '../api/client.js';

/** One cell: the match between the row's player and the column's, from the row's side. */
export interface CrosstableCell {
  readonly matchId: string | null;
  /** Decided: whether the row's player won; null while it is not decided. */
  readonly won: boolean | null;
  /** The points of the row's player, then the column's; null before the end. */
  readonly points: readonly [number, number] | null;
  readonly decidedBy: TournamentMatch['decidedBy'];
  /** The round it is played in. */
  readonly round: number;
}

export interface CrosstableRow {
  readonly username: string;
  readonly seed: number | null;
  readonly withdrawn: boolean;
  /** One cell a column, in the rows' order; null on the diagonal (and for a pair with no match). */
  readonly cells: readonly (CrosstableCell | null)[];
}

const key = (a: string, b: string): string => JSON.stringify([a.toLowerCase(), b.toLowerCase()]);

/** The crosstable's rows, top seed first. */
export function crosstable(tournament: Pick<Tournament, 'entrants' | 'rounds'>): CrosstableRow[] {
  const players = tournament.entrants
    .filter((entrant) => entrant.seed !== null)
    .sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
  const cells = new Map<string, CrosstableCell>();
  for (const round of tournament.rounds)
    for (const match of round.matches) {
      const [first, second] = match.players ?? [];
      if (first == null || second == null) continue;
      const won = (player: string): boolean | null =>
        match.winner === null ? null : match.winner.toLowerCase() === player.toLowerCase();
      const points = match.points === null ? null : ([match.points[0], match.points[1]] as const);
      const common = { matchId: match.matchId, decidedBy: match.decidedBy, round: round.number };
      cells.set(key(first, second), { ...common, won: won(first), points });
      cells.set(key(second, first), {
        ...common,
        won: won(second),
        points: points === null ? null : [points[1], points[0]],
      });
    }
  return players.map((player) => ({
    username: player.username,
    seed: player.seed,
    withdrawn: player.withdrawn,
    cells: players.map((other) => cells.get(key(player.username, other.username)) ?? null),
  }));
}

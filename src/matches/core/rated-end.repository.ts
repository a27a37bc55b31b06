import type { SqlClient } from '../../database/sql-client.js';
import { type Standing, rateRatedMatch } from '../../users/index.js';
import type { RatedResult } from '../model/match-record.js';

/**
 * The match's row, locked first, as a plain append's UPDATE locks it (FOR NO KEY UPDATE), and only
 * at the version the end was decided on: none when another append got there first (nothing is
 * locked then). Taking the match before the players keeps the order a plain append takes its
 * locks in (the match's row, then its actor's user row for the events' foreign key).
 */
const LOCK_MATCH = `
SELECT 1 FROM matches WHERE id = $1::uuid AND version = $2::int FOR NO KEY UPDATE`;

/**
 * Both players of a rated match, locked in id order (as every statement that locks two players
 * does, so that none deadlocks with another), with their standings as they are now. FOR NO KEY
 * UPDATE, as an UPDATE of the rows takes: it excludes another rated end and the caps' FOR UPDATE,
 * not the KEY SHARE locks that inserts referring to a player take (a plain append's events).
 */
const LOCK_PLAYERS = `
SELECT id, rating::float8 AS rating, experience FROM users
 WHERE id IN ($1::uuid, $2::uuid)
 ORDER BY id
   FOR NO KEY UPDATE`;

/**
 * The end of a rated match (docs/architecture.md "Ratings and records"), in
 * one transaction: the match's row locked at `version` (false at once, nothing
 * written, when it has moved on), then both players' rows locked and read, their new standings
 * computed by the FIBS formula (src/users/fibs-rating.ts; weighted by experience, and a forfeit
 * by the leaver's, src/users/provisional-rating.ts), then `append` run
 * on the transaction's client with the parameters APPEND_RATED takes after
 * the projection's (match-write-statements.ts), which writes them only with
 * the append. The locks hold until the commit, so two rated matches ending at
 * once for a player count one after the other; a lost race (the append
 * refused by its version) moves nothing. Answers what `append` answers.
 */
export async function appendRatedEnd(
  sql: SqlClient,
  matchId: string,
  version: number,
  rated: RatedResult,
  append: (sql: SqlClient, ratedParams: readonly unknown[]) => Promise<boolean>,
): Promise<boolean> {
  return sql.transaction(async (tx) => {
    if ((await tx.query(LOCK_MATCH, [matchId, version])).length === 0) return false;
    const rows = await tx.query<Standing & { id: string }>(LOCK_PLAYERS, [rated.winnerId, rated.loserId]);
    const standingOf = (id: string): Standing => {
      const row = rows.find((r) => r.id === id);
      if (row === undefined) throw new Error(`No player ${id} to rate.`);
      return row;
    };
    const outcome = rateRatedMatch(
      standingOf(rated.winnerId),
      standingOf(rated.loserId),
      rated.length,
      rated.reason === 'points' ? 'played' : 'forfeit',
    );
    return append(tx, [
      rated.winnerId,
      rated.loserId,
      outcome.winner.rating,
      outcome.winner.experience,
      outcome.loser.rating,
      outcome.loser.experience,
      rated.winner.gammons,
      rated.winner.backgammons,
      rated.loser.gammons,
      rated.loser.backgammons,
      outcome.winner.rating - standingOf(rated.winnerId).rating,
      outcome.loser.rating - standingOf(rated.loserId).rating,
    ]);
  });
}

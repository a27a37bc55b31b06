/**
 * What the end of a rated match does to its players' ratings and records, as effects of the
 * match's append, applied by users, who own the accounts (docs/architecture.md, "Ratings and
 * records" and "The versioned-log writer"): written only with the append, in its transaction.
 */
import type { EffectApplier } from '../database/versioned-log/log-stream.js';
import type { Standing } from './fibs-rating.js';
import { rateRatedMatch } from './provisional-rating.js';

/** A player's gammons and backgammons in the match. */
export interface WinCounts {
  readonly gammons: number;
  readonly backgammons: number;
}

/**
 * The end of a rated match: its winner and loser, its length, whether it was played out or
 * forfeited, and each player's gammons and backgammons. The statement's values `winnerRatingChange`
 * and `loserRatingChange` say how far each rating moved.
 */
export interface RatedEndEffect {
  readonly kind: 'rated-end';
  readonly winnerId: string;
  readonly loserId: string;
  readonly length: number;
  readonly ending: 'played' | 'forfeit';
  readonly winner: WinCounts;
  readonly loser: WinCounts;
}

/** A rated match ended by a leave before both players made their real decisions: the leaver's record counts it. */
export interface AbortedByLeaveEffect {
  readonly kind: 'aborted-by-leave';
  readonly leaverId: string;
}

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
 * The rated end, in the append's transaction, after the match's row is locked at the version the
 * end was decided on (the order a plain append takes its locks in: the match, then its players):
 * both players locked and read, their new standings computed by the FIBS formula
 * (src/users/fibs-rating.ts; weighted by experience, and a forfeit by the leaver's,
 * src/users/provisional-rating.ts), then written with their records by the append's statement.
 * The locks hold until the commit, so two rated matches ending at once for a player count one
 * after the other; a lost race moves nothing.
 */
export const ratedEndApplier: EffectApplier<RatedEndEffect> = {
  locksFirst: true,
  async fragment(effect, params, { sql }) {
    const rows = await sql.query<Standing & { id: string }>(LOCK_PLAYERS, [effect.winnerId, effect.loserId]);
    const standingOf = (id: string): Standing => {
      const row = rows.find((r) => r.id === id);
      if (row === undefined) throw new Error(`No player ${id} to rate.`);
      return row;
    };
    const before = { winner: standingOf(effect.winnerId), loser: standingOf(effect.loserId) };
    const outcome = rateRatedMatch(before.winner, before.loser, effect.length, effect.ending);
    const counts = (won: WinCounts, lost: WinCounts): string => `
         gammons_won = gammons_won + ${params.add(won.gammons, 'int')}, backgammons_won = backgammons_won + ${params.add(won.backgammons, 'int')},
         gammons_lost = gammons_lost + ${params.add(lost.gammons, 'int')}, backgammons_lost = backgammons_lost + ${params.add(lost.backgammons, 'int')}`;
    const player = (id: string, standing: Standing, column: string, won: WinCounts, lost: WinCounts): string => `
  UPDATE users SET rating = ${params.add(standing.rating, 'float8')}, experience = ${params.add(standing.experience, 'int')}, ${column} = ${column} + 1,${counts(won, lost)}
    FROM head WHERE users.id = ${params.add(id, 'uuid')}`;
    return {
      values: {
        winnerRatingChange: params.add(outcome.winner.rating - before.winner.rating, 'float8'),
        loserRatingChange: params.add(outcome.loser.rating - before.loser.rating, 'float8'),
      },
      after: [
        `winner AS (${player(effect.winnerId, outcome.winner, 'matches_won', effect.winner, effect.loser)}\n)`,
        `loser AS (${player(effect.loserId, outcome.loser, 'matches_lost', effect.loser, effect.winner)}\n)`,
      ],
    };
  },
};

/** The leaver's record counts one more match aborted by leaving, only with the append. Nobody's rating moves. */
export const abortedByLeaveApplier: EffectApplier<AbortedByLeaveEffect> = {
  fragment: (effect, params) => ({
    after: [
      `leaver AS (
  UPDATE users SET aborted_by_leave = aborted_by_leave + 1
    FROM head WHERE users.id = ${params.add(effect.leaverId, 'uuid')}
)`,
    ],
  }),
};

/**
 * A seat taken by an append (a join), checked by users, who own the accounts (docs/bots.md,
 * "Outside bots"; docs/architecture.md, "The versioned-log writer"): the append is written only
 * while the account is still what the service seated, a person or a bot (SeatChangedError, nothing
 * written, when it became a bot meanwhile); for the join of an open challenge asked rated, the
 * pair's rated matches of the day are counted first (`rated_pair_slot_free`, which locks both
 * players), and the statement's `ratedPairFree` value says whether one was left.
 */
import type { EffectApplier } from '../database/versioned-log/log-stream.js';
import { SeatChangedError } from './seat-changed.error.js';

/** The cap on a pair's rated matches of a day, for the join of an open challenge asked rated. */
export interface RatedPairSlot {
  readonly creatorId: string;
  readonly joinerId: string;
  readonly perDay: number;
  readonly since: Date;
}

export interface SeatEffect {
  readonly kind: 'seat';
  readonly userId: string;
  readonly asBot: boolean;
  readonly ratedPair: RatedPairSlot | null;
}

/**
 * The account taking a seat, locked after `after` (a CTE whose function locked it first, so that
 * every statement locks players in the same order), and whether it is still what the service seated
 * (`same`): a person, or a bot (`asBot`). The lock waits for an upgrade to a bot under way (the
 * upgrade locks the row, then looks for seats on a fresh snapshot), and a locking read returns the
 * row as that upgrade left it, not as the statement's snapshot saw it: so of a seat taken as a
 * person and an upgrade, whichever commits second sees the other (docs/bots.md, "Outside bots").
 * `strength`: SHARE, the weakest lock that waits for the upgrade's FOR NO KEY UPDATE (two joins of
 * one account do not wait for each other), where nothing locked the row before (a plain join);
 * UPDATE where `after`'s function has locked it FOR UPDATE already, in the same statement
 * (`match_slot_refusal` the creator, `rated_pair_slot_free` the joiner): the transaction holds that
 * lock, so this one waits for nothing and asks for nothing more, and is there for the locking read.
 * `userId` and `asBot` are cast placeholders.
 */
export function seatSql(userId: string, asBot: string, after: string | null, strength: 'UPDATE' | 'SHARE'): string {
  return `seat AS (
  SELECT (users.kind = 'bot') = ${asBot} AS same
    FROM ${after === null ? '' : `${after}, `}users WHERE users.id = ${userId}
     FOR ${strength} OF users
)`;
}

export const seatApplier: EffectApplier<SeatEffect> = {
  shape: (effect) => (effect.ratedPair === null ? '' : 'rated-pair'),
  fragment(effect, params) {
    const user = params.add(effect.userId, 'uuid');
    const asBot = params.add(effect.asBot, 'boolean');
    const pair = effect.ratedPair;
    if (pair === null) return { before: [seatSql(user, asBot, null, 'SHARE')], from: ['seat'], where: ['seat.same'] };
    const free = `rated_pair_slot_free(${params.add(pair.creatorId, 'uuid')}, ${params.add(pair.joinerId, 'uuid')}, ${params.add(pair.perDay, 'int')}, ${params.add(pair.since.toISOString(), 'timestamptz')})`;
    return {
      before: [`rating AS (\n  SELECT ${free} AS free\n)`, seatSql(user, asBot, 'rating', 'UPDATE')],
      from: ['rating', 'seat'],
      where: ['seat.same'],
      values: { ratedPairFree: 'rating.free' },
    };
  },
  /** Nothing written: the match moved on, or the joiner became a bot (which no account undoes). */
  async explainLoss(sql, effect) {
    const [joiner] = await sql.query<{ bot: boolean }>(`SELECT kind = 'bot' AS bot FROM users WHERE id = $1::uuid`, [
      effect.userId,
    ]);
    return joiner !== undefined && joiner.bot !== effect.asBot ? new SeatChangedError() : null;
  },
};

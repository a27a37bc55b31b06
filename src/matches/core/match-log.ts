/**
 * A match's log as the versioned-log writer writes it (docs/architecture.md, "Persistence" and
 * "The versioned-log writer"): the head row `matches`, its projection moved with the events of
 * `match_events`, and the effects an append may carry, each applied by its table's owner: the
 * request's Idempotency-Key answer (idempotency), a join's seat and the pair's rated slot, a rated
 * end's ratings and a leave's record (users).
 */
import {
  idempotentAnswerApplier,
  type IdempotentAnswer,
  type IdempotentAnswerEffect,
} from '../../idempotency/index.js';
import type { Commit, LogStream } from '../../database/versioned-log/log-stream.js';
import {
  abortedByLeaveApplier,
  ratedEndApplier,
  type AbortedByLeaveEffect,
  type RatedEndEffect,
  seatApplier,
  type RatedPairSlot,
  type SeatEffect,
} from '../../users/index.js';
import type { MatchProjection, NewMatchEvent, RatedEnd } from '../model/match-record.js';
import { EVENT_RECORDSET, eventRecordset, projectionAssignments } from './match-rows.js';

/** What an append of a match may carry besides its events. */
export type MatchEffect = IdempotentAnswerEffect | SeatEffect | RatedEndEffect | AbortedByLeaveEffect;

/** The head row after an append: the projection, and whether the match ended unrated by a leave. */
export interface MatchLogState {
  readonly projection: MatchProjection;
  readonly abortedByLeave: boolean;
}

/** The rated flag and reason the statement decided, read from the CTE `from` (the row it wrote). */
export const decidedRating = (from: string): string =>
  `(SELECT jsonb_build_object('rated', rated, 'unratedReason', unrated_reason) FROM ${from})`;

/**
 * The projection moves with the events. A rated end keeps how far each rating moved (the users'
 * values); a rated pair's join is played unrated, with its reason, when the pair's rated matches
 * of the day are used up (`ratedPairFree`); a match aborted by a leave ends unrated.
 */
export const MATCH_LOG: LogStream<MatchLogState, NewMatchEvent, MatchEffect> = {
  table: 'matches',
  key: 'id',
  keyType: 'uuid',
  version: 'version',
  returning: 'matches.id AS id, matches.rated AS rated, matches.unrated_reason AS unrated_reason',
  shape: (state) => (state.abortedByLeave ? 'aborted-by-leave' : ''),
  assignments(state, at, params, values) {
    const set = [projectionAssignments(state.projection, params), `updated_at = ${at}`];
    if (values.winnerRatingChange !== undefined) {
      set.push(
        `rating_change_winner = ${values.winnerRatingChange}`,
        `rating_change_loser = ${values.loserRatingChange}`,
      );
    }
    if (values.ratedPairFree !== undefined) {
      const free = values.ratedPairFree;
      set.push(
        `rated = matches.rated AND ${free}`,
        `unrated_reason = CASE WHEN matches.rated AND NOT ${free} THEN 'pair-daily-limit' ELSE matches.unrated_reason END`,
      );
    }
    if (state.abortedByLeave) set.push(`rated = FALSE`, `unrated_reason = 'aborted-by-leave'`);
    return set.join(',\n         ');
  },
  insertEvents: (events, first, at, params) =>
    `INSERT INTO match_events (match_id, seq, type, by_colour, actor_id, data, position_id, created_at)
SELECT head.id, e.seq, e.type, e.by_colour, e.actor_id, e.data, e.position_id, ${at}
  FROM head, jsonb_to_recordset(${params.add(eventRecordset(events, first), 'jsonb')}) AS ${EVENT_RECORDSET}`,
  decided: decidedRating('head'),
  appliers: {
    'idempotent-answer': idempotentAnswerApplier,
    seat: seatApplier,
    'rated-end': ratedEndApplier,
    'aborted-by-leave': abortedByLeaveApplier,
  },
};

/**
 * A join: the account taking the seat and whether the service seated it as a bot (the join is
 * written only while the account is still so), and for an open challenge asked rated, the pair's cap.
 */
export interface JoinCheck {
  readonly joinerId: string;
  readonly asBot: boolean;
  readonly ratedPair: RatedPairSlot | null;
}

/** One append to a match's log (MatchesRepository.append). */
export interface MatchAppend {
  readonly id: string;
  readonly expectedVersion: number;
  readonly events: readonly NewMatchEvent[];
  readonly projection: MatchProjection;
  readonly at: Date;
  /** The events end a rated match: rated, or aborted by a leave. */
  readonly rated?: RatedEnd | null;
  /** The request's Idempotency-Key answer, stored with the events. */
  readonly answer?: IdempotentAnswer | null;
  /** The event seats a player. */
  readonly join?: JoinCheck | null;
}

/** The writer's commit of `append`: its effects in the order their locks are taken (the key, then the players). */
export function matchCommit(append: MatchAppend): Commit<MatchLogState, NewMatchEvent, MatchEffect> {
  const { answer = null, rated = null, join = null } = append;
  // A join seats a player and an end ends the match: no append does both, and neither is dropped.
  if (rated !== null && join !== null) throw new RangeError('An append is a rated end or a join, not both.');
  const effects: MatchEffect[] = [];
  if (answer !== null) {
    effects.push({ kind: 'idempotent-answer', answer, withDecided: join?.ratedPair != null });
  }
  if (join !== null) {
    effects.push({ kind: 'seat', userId: join.joinerId, asBot: join.asBot, ratedPair: join.ratedPair });
  }
  const abortedByLeave = rated !== null && 'abortedBy' in rated;
  if (rated !== null && 'abortedBy' in rated) effects.push({ kind: 'aborted-by-leave', leaverId: rated.abortedBy });
  else if (rated !== null) {
    const { winnerId, loserId, length, winner, loser } = rated;
    const ending = rated.reason === 'points' ? 'played' : 'forfeit';
    effects.push({ kind: 'rated-end', winnerId, loserId, length, ending, winner, loser });
  }
  return {
    stream: MATCH_LOG,
    id: append.id,
    expectedVersion: append.expectedVersion,
    events: append.events,
    state: { projection: append.projection, abortedByLeave },
    effects,
    at: append.at,
  };
}

/**
 * The statements that create a match (docs/architecture.md, "Persistence"):
 * held or not to the caps on waiting matches (CREATE, CREATE_WITHIN_LIMITS).
 * Each is one statement, so what it writes commits together or not at all;
 * each comes in two forms, `[plain, idempotent]`: the idempotent one also
 * stores the request's Idempotency-Key answer (docs/architecture.md, "API
 * conventions"), and writes anything only while the request holds its key.
 * The versioned append is the versioned-log writer's (match-log.ts).
 */
import { heldKeySql, numberedAnswer, storeAnswerSql } from '../../idempotency/index.js';
import { seatSql } from '../../users/index.js';
import { decidedRating } from './match-log.js';
import {
  EVENT_RECORDSET,
  PROJECTION_COLUMN_COUNT,
  PROJECTION_COLUMN_LIST,
  projectionPlaceholders,
} from './match-rows.js';

/** A statement's plain form and its idempotent form. */
export type WriteStatements = readonly [plain: string, idempotent: string];

/** The insert of a new match's first events, for the CTE `m` that inserted its row. */
const INSERT_FIRST_EVENTS = `INSERT INTO match_events (match_id, seq, type, by_colour, actor_id, data, position_id, created_at)
SELECT m.id, e.seq, e.type, e.by_colour, e.actor_id, e.data, e.position_id, $12::timestamptz
  FROM m, jsonb_to_recordset($13::jsonb) AS ${EVENT_RECORDSET}`;

const MATCH_COLUMNS = `id, variant, length, rules, days_per_turn, bank_days, creator_id, invited_id,
                       dice_commitment, dice_seed, version, created_at, updated_at,
                       source, imported_white, imported_black, rated`;

/** $1-$17: the terms of a new match and its first events (MatchesRepository's termsParams). */
const TERMS_VALUES = `$1::uuid, $2::varchar, $3::int, $4::jsonb, $5::int, $6::int, $7::uuid, $8::uuid,
          $9::char(64), $10::char(64), $11::int, $12::timestamptz, $12::timestamptz,
          $14::varchar, $15::varchar, $16::varchar`;

/**
 * The rated flag and reason a statement decided (the pair's rated matches of
 * the day), written over the answer computed before it (which could not know).
 */
const DECIDED_RATING = decidedRating('m');

function createSql(idempotent: boolean): string {
  const projectionFrom = 18;
  const answerFrom = projectionFrom + PROJECTION_COLUMN_COUNT;
  const values = `${TERMS_VALUES}, $17::boolean, ${projectionPlaceholders(projectionFrom)}`;
  const insertMatch = `INSERT INTO matches (${MATCH_COLUMNS}, ${PROJECTION_COLUMN_LIST})`;
  if (!idempotent) return `WITH m AS (${insertMatch} VALUES (${values}) RETURNING id)\n${INSERT_FIRST_EVENTS}`;
  return `WITH ${heldKeySql(numberedAnswer(answerFrom))},
m AS (${insertMatch} SELECT ${values} FROM held RETURNING id),
events AS (${INSERT_FIRST_EVENTS} RETURNING seq),
${storeAnswerSql(numberedAnswer(answerFrom), 'm')}
SELECT EXISTS (SELECT 1 FROM held) AS held`;
}

/**
 * Inserts the match row, then its first events (so both or neither); for an
 * imported match, which no cap holds. Parameters: $1-$17 the terms, then the projection.
 */
export const CREATE: WriteStatements = [createSql(false), createSql(true)];

function createWithinLimitsSql(idempotent: boolean): string {
  const projectionFrom = 24;
  const seatFrom = projectionFrom + PROJECTION_COLUMN_COUNT;
  const answerFrom = seatFrom + 1;
  return `
WITH ${idempotent ? `${heldKeySql(numberedAnswer(answerFrom))},\n` : ''}slot AS (
  SELECT match_slot_refusal($7::uuid, $8::uuid, $18::int, $19::int, $20::int, $23::int) AS refusal
), ${seatSql('$7::uuid', `$${seatFrom}::boolean`, 'slot', 'UPDATE')}, rating AS (
  SELECT CASE WHEN $17::boolean AND $8::uuid IS NOT NULL AND (SELECT refusal FROM slot) IS NULL
              THEN rated_pair_slot_free($7::uuid, $8::uuid, $21::int, $22::timestamptz)
              ELSE TRUE END AS free
), m AS (
  INSERT INTO matches (${MATCH_COLUMNS}, unrated_reason, ${PROJECTION_COLUMN_LIST})
  SELECT ${TERMS_VALUES}, $17::boolean AND rating.free,
         CASE WHEN $17::boolean AND NOT rating.free THEN 'pair-daily-limit' END, ${projectionPlaceholders(projectionFrom)}
    FROM slot, seat, rating${idempotent ? ', held' : ''}
   WHERE slot.refusal IS NULL AND seat.same
  RETURNING id, rated, unrated_reason
), e AS (
  ${INSERT_FIRST_EVENTS}
)${idempotent ? `,\n${storeAnswerSql(numberedAnswer(answerFrom), 'm', DECIDED_RATING)}` : ''}
SELECT COALESCE(slot.refusal, CASE WHEN seat.same IS NOT TRUE THEN '${SEAT_CHANGED}' END) AS refusal,
       m.rated, m.unrated_reason${idempotent ? ', EXISTS (SELECT 1 FROM held) AS held' : ''}
  FROM slot LEFT JOIN seat ON TRUE LEFT JOIN m ON TRUE`;
}

/**
 * CREATE_WITHIN_LIMITS's refusal when the creator is no longer what the service seated (it became a
 * bot), and also when the creator's row is missing (the account was deleted meanwhile: `seat` has no
 * row): the service's retry then finds no such user, and answers 404 user-not-found.
 */
export const SEAT_CHANGED = 'seat-changed';

/**
 * CREATE for a match played here, held to its creator's caps (`match_slot_refusal`, a function of
 * the bot match limit migration; $18-$20 the caps on open challenges, invitations, invitations to one
 * player, $23 the cap on matches under way against the invited house bot, null for anyone else) and,
 * for an invitation asked rated, to the pair's rated matches of the day (`rated_pair_slot_free`; $21
 * the cap, $22 the start of the day): the match is stored only when no cap refuses it, unrated with
 * its reason when the pair's are used up; $24 on, the projection; then whether the creator was seated
 * as a bot: the match is stored only while the account is still so (else the refusal is
 * SEAT_CHANGED; see seatSql). Answers the refusal (null when stored) and whether the match is rated.
 */
export const CREATE_WITHIN_LIMITS: WriteStatements = [createWithinLimitsSql(false), createWithinLimitsSql(true)];

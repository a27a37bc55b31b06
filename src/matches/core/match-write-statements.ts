/**
 * The statements that write a match (docs/architecture.md, "Persistence"):
 * its creation, held or not to the caps on waiting matches (CREATE,
 * CREATE_WITHIN_LIMITS), and the versioned append: plain (APPEND), ending a
 * rated match (APPEND_RATED), ending one aborted by a leave
 * (APPEND_ABORTED_BY_LEAVE), or seating a joiner checked to be still what the
 * service seated (APPEND_SEAT; APPEND_RATED_JOIN for an open challenge asked
 * rated). Each is one statement, so what it writes commits together or not at
 * all; each comes in two forms, `[plain, idempotent]`: the idempotent one also
 * stores the request's Idempotency-Key answer (docs/architecture.md, "API
 * conventions"), and writes anything only while the request holds its key.
 */
import { heldKeySql, storeAnswerSql } from '../../idempotency/index.js';
import {
  EVENT_RECORDSET,
  PROJECTION_COLUMN_COUNT,
  PROJECTION_COLUMN_LIST,
  projectionAssignments,
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
const DECIDED_RATING = `(SELECT jsonb_build_object('rated', rated, 'unratedReason', unrated_reason) FROM m)`;

function createSql(idempotent: boolean): string {
  const projectionFrom = 18;
  const answerFrom = projectionFrom + PROJECTION_COLUMN_COUNT;
  const values = `${TERMS_VALUES}, $17::boolean, ${projectionPlaceholders(projectionFrom)}`;
  const insertMatch = `INSERT INTO matches (${MATCH_COLUMNS}, ${PROJECTION_COLUMN_LIST})`;
  if (!idempotent) return `WITH m AS (${insertMatch} VALUES (${values}) RETURNING id)\n${INSERT_FIRST_EVENTS}`;
  return `WITH ${heldKeySql(answerFrom)},
m AS (${insertMatch} SELECT ${values} FROM held RETURNING id),
events AS (${INSERT_FIRST_EVENTS} RETURNING seq),
${storeAnswerSql(answerFrom, 'm')}
SELECT EXISTS (SELECT 1 FROM held) AS held`;
}

/**
 * Inserts the match row, then its first events (so both or neither); for an
 * imported match, which no cap holds. Parameters: $1-$17 the terms, then the projection.
 */
export const CREATE: WriteStatements = [createSql(false), createSql(true)];

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
 */
function seatSql(userId: string, asBot: string, after: string | null, strength: 'UPDATE' | 'SHARE'): string {
  return `seat AS (
  SELECT (users.kind = 'bot') = ${asBot}::boolean AS same
    FROM ${after === null ? '' : `${after}, `}users WHERE users.id = ${userId}::uuid
     FOR ${strength} OF users
)`;
}

function createWithinLimitsSql(idempotent: boolean): string {
  const projectionFrom = 24;
  const seatFrom = projectionFrom + PROJECTION_COLUMN_COUNT;
  const answerFrom = seatFrom + 1;
  return `
WITH ${idempotent ? `${heldKeySql(answerFrom)},\n` : ''}slot AS (
  SELECT match_slot_refusal($7::uuid, $8::uuid, $18::int, $19::int, $20::int, $23::int) AS refusal
), ${seatSql('$7', `$${seatFrom}`, 'slot', 'UPDATE')}, rating AS (
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
)${idempotent ? `,\n${storeAnswerSql(answerFrom, 'm', DECIDED_RATING)}` : ''}
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

/** Parameters of the projection in the versioned appends: $6 onwards. */
const PROJECTION_FROM = 6;

/** The first parameter after the projection's. */
const AFTER_PROJECTION = PROJECTION_FROM + PROJECTION_COLUMN_COUNT;

/** What a versioned append adds to the plain one: its own parameters, CTEs, assignments and joins. */
interface AppendParts {
  /** How many parameters of its own follow the projection's (then come the answer's). */
  readonly params: number;
  readonly before?: string;
  readonly set?: string;
  readonly from?: string;
  readonly after?: string;
  readonly join?: string;
  /** A condition of the UPDATE's WHERE, after the version's. */
  readonly where?: string;
  /** Writes the rated flag the statement decided over the stored answer. */
  readonly decidesRating?: boolean;
}

function versionedAppend(parts: AppendParts, idempotent: boolean): string {
  const answerFrom = AFTER_PROJECTION + parts.params;
  const update = `${idempotent ? `${heldKeySql(answerFrom)},\n` : ''}${parts.before ?? ''}m AS (
  UPDATE matches
     SET ${projectionAssignments(PROJECTION_FROM)}, version = version + $3::int, updated_at = $4::timestamptz${parts.set ?? ''}${parts.from ?? ''}
   WHERE id = $1::uuid AND version = $2::int${parts.where ?? ''}${idempotent ? ' AND EXISTS (SELECT 1 FROM held)' : ''}
  RETURNING id, rated, unrated_reason
)${parts.after ?? ''}`;
  const insertEvents = `INSERT INTO match_events (match_id, seq, type, by_colour, actor_id, data, position_id, created_at)
SELECT m.id, e.seq, e.type, e.by_colour, e.actor_id, e.data, e.position_id, $4::timestamptz
  FROM m${parts.join ?? ''}, jsonb_to_recordset($5::jsonb) AS ${EVENT_RECORDSET}`;
  if (!idempotent) return `\nWITH ${update}\n${insertEvents}\nRETURNING seq`;
  return `
WITH ${update},
events AS (${insertEvents} RETURNING seq),
${storeAnswerSql(answerFrom, 'm', parts.decidesRating === true ? DECIDED_RATING : null)}
SELECT (SELECT count(*) FROM events)::int AS written, EXISTS (SELECT 1 FROM held) AS held`;
}

const bothForms = (parts: AppendParts): WriteStatements => [
  versionedAppend(parts, false),
  versionedAppend(parts, true),
];

/**
 * The versioned append: the projection moves only from the version the
 * caller read, and the events are inserted only for the row it moved, in one
 * statement. The plain form returns the seqs inserted (none when the version
 * had moved); the idempotent one how many it wrote and whether the key was held.
 */
export const APPEND = bothForms({ params: 0 });

/**
 * APPEND for the event that ends a rated match: the players' new ratings and
 * experience, computed by the service under a lock on both players (the
 * end-of-rated-match transaction of rated-end.repository.ts), are written with
 * their records in the same statement, and only if the append is written; the
 * match keeps how far each rating moved. Its 12 parameters: winner, loser, the
 * winner's new rating and experience, the loser's, then the winner's gammons
 * and backgammons, the loser's, and the winner's and the loser's rating change.
 */
export const APPEND_RATED = (() => {
  const [winner, loser, winnerRating, winnerExperience, loserRating, loserExperience, wg, wb, lg, lb, wc, lc] =
    Array.from({ length: 12 }, (_, i) => `$${AFTER_PROJECTION + i}`);
  const player = (id: string, rating: string, experience: string, outcome: string, counts: string) => `
  UPDATE users SET rating = ${rating}::float8, experience = ${experience}::int, ${outcome} = ${outcome} + 1,${counts}
    FROM m WHERE users.id = ${id}::uuid`;
  const counts = (won: [string, string], lost: [string, string]) => `
         gammons_won = gammons_won + ${won[0]}::int, backgammons_won = backgammons_won + ${won[1]}::int,
         gammons_lost = gammons_lost + ${lost[0]}::int, backgammons_lost = backgammons_lost + ${lost[1]}::int`;
  return bothForms({
    params: 12,
    set: `,
         rating_change_winner = ${wc}::float8,
         rating_change_loser = ${lc}::float8`,
    after: `, winner AS (${player(winner, winnerRating, winnerExperience, 'matches_won', counts([wg, wb], [lg, lb]))}
), loser AS (${player(loser, loserRating, loserExperience, 'matches_lost', counts([lg, lb], [wg, wb]))}
)`,
  });
})();

/**
 * APPEND for the events that end a rated match by a leave or a timeout before
 * both players made their real decisions (match-rating.ts): the match ends
 * unrated, `unrated_reason` saying so, and the record of the player who left
 * (its one parameter) counts one more match aborted by leaving, only if the
 * append is written. Nobody's rating or experience moves.
 */
export const APPEND_ABORTED_BY_LEAVE = (() => {
  const leaver = `$${AFTER_PROJECTION}`;
  return bothForms({
    params: 1,
    set: `,
         rated = FALSE,
         unrated_reason = 'aborted-by-leave'`,
    after: `, leaver AS (
  UPDATE users SET aborted_by_leave = aborted_by_leave + 1
    FROM m WHERE users.id = ${leaver}::uuid
)`,
  });
})();

/**
 * The versioned append of a join: its 2 parameters, the joiner and whether the service seated it as
 * a bot; the append is written only while the account is still so (seatSql), else nothing is.
 * APPEND_SEAT for a join the pair's cap does not hold; APPEND_RATED_JOIN for the join of an open
 * challenge asked rated: before the versioned append, the pair's rated matches of the day are
 * counted (`rated_pair_slot_free`, which locks both players first; its 4 parameters after the
 * joiner's: the creator, the joiner, the cap, the start of the day), and the match is played
 * unrated, with its reason, when they are used up.
 */
function joinStatements(ratedPair: boolean): WriteStatements {
  const [joiner, asBot, creator, joinerAgain, cap, since] = Array.from(
    { length: 6 },
    (_, i) => `$${AFTER_PROJECTION + i}`,
  );
  if (!ratedPair) {
    return bothForms({
      params: 2,
      before: `${seatSql(joiner, asBot, null, 'SHARE')}, `,
      from: '\n    FROM seat',
      where: ' AND seat.same',
    });
  }
  return bothForms({
    params: 6,
    before: `rating AS (\n  SELECT rated_pair_slot_free(${creator}::uuid, ${joinerAgain}::uuid, ${cap}::int, ${since}::timestamptz) AS free\n), ${seatSql(joiner, asBot, 'rating', 'UPDATE')}, `,
    set: `,
         rated = matches.rated AND rating.free,
         unrated_reason = CASE WHEN matches.rated AND NOT rating.free THEN 'pair-daily-limit' ELSE matches.unrated_reason END`,
    from: '\n    FROM rating, seat',
    where: ' AND seat.same',
    decidesRating: true,
  });
}

export const APPEND_SEAT = joinStatements(false);
export const APPEND_RATED_JOIN = joinStatements(true);

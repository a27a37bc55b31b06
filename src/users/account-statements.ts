/**
 * The users module's statements on its table that other modules run in their own statements and
 * transactions (docs/architecture.md, Layers): the account's lock of a per-account
 * cap, an account as a party of a statement (name, house bot, language), the accounts' languages
 * and the players in a ratings window. Only src/users writes or reads `users` in SQL; a consumer
 * composes these fragments, as the matches' write composes idempotency's heldKeySql.
 */

/**
 * Locks the account `idParam` (a parameter, e.g. `$1`) until the transaction ends, so that the
 * creations of one account are counted one after the other (the count after the lock runs on a
 * fresh snapshot). FOR NO KEY UPDATE, as an UPDATE of the row takes: it excludes another such lock,
 * not the KEY SHARE lock that an insert referring to the account takes for its foreign key.
 */
export const lockAccountSql = (idParam: string): string =>
  `SELECT 1 FROM users WHERE id = ${idParam}::uuid FOR NO KEY UPDATE`;

/** Joins the account `alias` whose id is `idColumn` (`LEFT JOIN`: the column may be null). */
export const joinAccountSql = (alias: string, idColumn: string, join: 'JOIN' | 'LEFT JOIN' = 'JOIN'): string =>
  `${join} users ${alias} ON ${alias}.id = ${idColumn}`;

/** The language kept on the joined account `alias` (null: none chosen). */
export const accountLanguageSql = (alias: string): string => `${alias}.language`;

/**
 * The joined account `alias` as a party, its columns named by `prefix`: `<prefix>_id` (`idColumn`),
 * `_name`, `_house` (a house bot) and `_language`.
 */
export const accountPartySql = (alias: string, idColumn: string, prefix: string): string =>
  `${idColumn} AS ${prefix}_id, ${alias}.username AS ${prefix}_name, ${alias}.bot_level IS NOT NULL AS ${prefix}_house, ` +
  `${accountLanguageSql(alias)} AS ${prefix}_language`;

/**
 * The joined account `alias` as a match's seat, its columns named by `prefix`: `<prefix>_username`,
 * `_auto_play_forced` (the account's setting: the server plays its forced moves), `_bot` and
 * `_closed` (its player closed it: docs/accounts.md, "Closing").
 */
export const accountSeatSql = (alias: string, prefix: string): string =>
  `${alias}.username AS ${prefix}_username, ${alias}.auto_play_forced AS ${prefix}_auto_play_forced, ${alias}.kind = 'bot' AS ${prefix}_bot, ` +
  `${alias}.closed_at IS NOT NULL AS ${prefix}_closed`;

/** The accounts $1 (uuid[]; unknown ids left out): id, username, house, language, rating. */
export const ACCOUNT_PEOPLE_SQL = `
SELECT id::text AS id, username, bot_level IS NOT NULL AS house, language, rating::float8 AS rating
  FROM users WHERE id = ANY($1::uuid[])`;

/**
 * The players (accounts of kind `player`, not bots) with ratings in [$2, $3] (a null bound: none),
 * nearest to $1 first, at most $5, $4 left out: the nearest above and the nearest below the centre
 * each read along the ratings' index, then the nearest of both. Rows: id.
 */
export const RATING_WINDOW_PLAYERS_SQL = `
SELECT id::text AS id FROM (
  (SELECT id, rating FROM users
    WHERE kind = 'player' AND id <> $4::uuid AND rating >= $1::float8 AND ($3::float8 IS NULL OR rating <= $3::float8)
    ORDER BY rating LIMIT $5::int)
  UNION ALL
  (SELECT id, rating FROM users
    WHERE kind = 'player' AND id <> $4::uuid AND rating < $1::float8 AND ($2::float8 IS NULL OR rating >= $2::float8)
    ORDER BY rating DESC LIMIT $5::int)
) near
ORDER BY abs(rating - $1::float8), id
LIMIT $5::int`;

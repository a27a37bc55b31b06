/**
 * The blocks' statement other modules compose into theirs (docs/community.md, "Blocks"): only src/users
 * reads `user_blocks` in SQL, as account-statements.ts is its statements on `users`.
 */

/**
 * True unless the account in `blockerColumn` has blocked the account `viewerParam` (a parameter, e.g.
 * `$4`; null: nobody is asking, and nothing is left out). Served by the blocks' primary key.
 */
export const notBlockedBySql = (blockerColumn: string, viewerParam: string): string =>
  `(${viewerParam}::uuid IS NULL OR NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${blockerColumn} AND ub.blocked_id = ${viewerParam}::uuid))`;

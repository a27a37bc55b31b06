/**
 * The actions a player POSTs, as path segments under /api/matches/{id}/
 * (docs/architecture.md, "Match state JSON": the state's `actions` lists the
 * ones the caller may take now). The one list: the type, the state JSON's
 * schema and the routes come from it.
 */
export const ACTION_NAMES = [
  'join',
  'decline',
  'abort',
  'leave',
  'roll',
  'plays',
  'double',
  'take',
  'drop',
  'beaver',
  'resign',
  'resignation/accept',
  'resignation/reject',
  'claim-timeout',
] as const;

/** What the caller may POST now: a path segment under /api/matches/{id}/. */
export type ActionName = (typeof ACTION_NAMES)[number];

/** What a moderator (or the operator) can do to an account, as the log names it (docs/moderation.md, "Actions"). */
export const USER_ACTIONS = ['warn', 'mute', 'ban', 'rename', 'lift', 'mark-cheater'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** Every kind of entry of the log: the actions on accounts, the role changes, a report's closing. */
export const LOGGED_ACTIONS = [...USER_ACTIONS, 'grant', 'revoke', 'close-report'] as const;
export type LoggedAction = (typeof LOGGED_ACTIONS)[number];

/** The actions that take `days` (how long they hold; without it, until lifted). */
export const TIMED_ACTIONS: readonly UserAction[] = ['mute', 'ban', 'mark-cheater'];

/** The longest a timed action may hold, in days (ten years). */
export const MAX_DAYS = 3650;

/** An entry of the moderation log, as stored, with the accounts' names. */
export interface ModerationEntry {
  readonly id: string;
  readonly action: LoggedAction;
  readonly targetId: string;
  readonly target: string;
  /** Who acted: null for the operator at the command line. */
  readonly moderator: string | null;
  readonly reason: string;
  readonly days: number | null;
  readonly endsAt: Date | null;
  readonly reportId: string | null;
  readonly details: Record<string, unknown> | null;
  readonly createdAt: Date;
}

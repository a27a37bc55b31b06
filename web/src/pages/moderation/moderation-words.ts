/** The moderators' words for actions, and which actions take days and need a second thought. */
import type { ModerationAction, Role } from '../../api/community.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';

/** What the log records: the actions on an account, a role changed, a report closed. */
type LoggedAction = ModerationAction | 'grant' | 'revoke' | 'close-report';

const ACTION_WORDS: Readonly<Record<LoggedAction, MessageKey>> = {
  warn: 'moderation.action.warn',
  mute: 'moderation.action.mute',
  ban: 'moderation.action.ban',
  rename: 'moderation.action.rename',
  lift: 'moderation.action.lift',
  'mark-cheater': 'moderation.action.markCheater',
  grant: 'moderation.action.grant',
  revoke: 'moderation.action.revoke',
  'close-report': 'moderation.action.closeReport',
};

/** An action's name as the log records it; one the client does not know is shown as the server wrote it. */
export function actionWord(action: string): string {
  return action in ACTION_WORDS ? t(ACTION_WORDS[action as LoggedAction]) : action;
}

/** The actions that may end by themselves after some days. */
export const TIMED: ReadonlySet<ModerationAction> = new Set(['mute', 'ban', 'mark-cheater']);

/** The actions asked about twice: they stop a player playing, change their name or their opponents' ratings. */
export const DESTRUCTIVE: ReadonlySet<ModerationAction> = new Set(['ban', 'rename', 'mark-cheater']);

/** A role beyond a player's, as the queue names it. */
export const ROLE_WORDS: Readonly<Record<Exclude<Role, 'player'>, MessageKey>> = {
  moderator: 'moderation.role.moderator',
  admin: 'moderation.role.admin',
};

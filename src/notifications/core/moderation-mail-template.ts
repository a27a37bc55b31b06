import type { ModerationEntry } from '../../moderation/index.js';

/** The template of an entry's mail (account-mail-words/), or null when the action is not mailed. */
export function moderationTemplate(entry: Pick<ModerationEntry, 'action' | 'endsAt'>): string | null {
  switch (entry.action) {
    case 'warn':
      return 'moderation-warn';
    case 'mute':
      return entry.endsAt === null ? 'moderation-mute' : 'moderation-mute-timed';
    case 'ban':
    case 'mark-cheater':
      return entry.endsAt === null ? 'moderation-ban' : 'moderation-ban-timed';
    case 'rename':
      return 'moderation-rename';
    default:
      return null;
  }
}

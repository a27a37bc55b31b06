import { ACCOUNT_MAIL_WORDS } from '../email/account-mail-words/account-mail-words.js';
import { moderationTemplate } from './moderation-mail-template.js';

describe('the moderators’ mails (docs/moderation.md, "Mails")', () => {
  const end = new Date('2026-12-01T00:00:00Z');

  it('mails a warning, a mute, a ban (a mark-cheater’s as a ban) and a rename, with or without an end', () => {
    expect(
      (['warn', 'mute', 'ban', 'mark-cheater', 'rename'] as const).flatMap((action) => [
        moderationTemplate({ action, endsAt: null }),
        moderationTemplate({ action, endsAt: end }),
      ]),
    ).toEqual([
      'moderation-warn',
      'moderation-warn',
      'moderation-mute',
      'moderation-mute-timed',
      'moderation-ban',
      'moderation-ban-timed',
      'moderation-ban',
      'moderation-ban-timed',
      'moderation-rename',
      'moderation-rename',
    ]);
  });

  it('sends nothing for a lift, a role change or a closed report', () => {
    for (const action of ['lift', 'grant', 'revoke', 'close-report'] as const)
      expect(moderationTemplate({ action, endsAt: null })).toBeNull();
  });

  it('has every template’s words in the four languages, with the reason in each body', () => {
    for (const template of ['warn', 'mute', 'mute-timed', 'ban', 'ban-timed', 'rename'])
      for (const language of ['en', 'ru', 'lt', 'hy'] as const) {
        const body = ACCOUNT_MAIL_WORDS.format(language, `moderation-${template}.body`, {
          reason: 'REASON',
          until: 'UNTIL',
          from: 'FROM',
        });
        expect(body).toContain('REASON');
        if (template.endsWith('-timed')) expect(body).toContain('UNTIL');
        if (template === 'rename') expect(body).toContain('FROM');
        expect(ACCOUNT_MAIL_WORDS.format(language, `moderation-${template}.title`, {})).not.toBe('');
      }
  });
});

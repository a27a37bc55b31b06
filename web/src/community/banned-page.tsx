/**
 * What a banned account sees in place of every page (docs/moderation.md, "Bans"): that it is
 * banned, the moderator's reason and until when, and nothing that would ask the API more.
 */
import type { Ban } from '../api/ban-notice.js';
import { t } from '../i18n/index.js';
import { LanguageSwitch } from '../ui/language-switch.js';
import { absoluteTime } from '../ui/relative-time.js';
import { useTitle } from '../ui/use-title.js';
import './community.css';

export function BannedPage({ ban }: { readonly ban: Ban }) {
  useTitle(t('community.banned.title'));
  return (
    <>
      <header class="site-header">
        <span class="brand">{t('common.brand')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        <section class="banned-page" data-testid="banned-page">
          <h1>{t('community.banned.heading')}</h1>
          <div class="standing-box" role="alert">
            <p>{t('community.banned.lead')}</p>
            {ban.reason !== '' && (
              <p>
                <strong>{t('community.banned.reason')}</strong> <q class="user-text">{ban.reason}</q>
              </p>
            )}
            <p>
              {ban.until === null
                ? t('community.banned.indefinitely')
                : t('community.banned.until', { date: absoluteTime(ban.until) })}
            </p>
          </div>
          <p class="muted">{t('community.banned.note')}</p>
        </section>
      </main>
    </>
  );
}

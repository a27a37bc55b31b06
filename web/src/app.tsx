/** The shell of every page: the header with its links, and the page the path names. */
import { useAccountLanguage } from './account-language.js';
import { useBan } from './api/ban-notice.js';
import { BannedPage } from './community/banned-page.js';
import { RenamePage } from './community/rename-page.js';
import { useFollowStanding, useStanding } from './community/standing.js';
import { WarningDialog } from './community/warning-dialog.js';
import { t, Trans, useLanguage } from './i18n/index.js';
import { ROUTES } from './routes.js';
import { matchPath, useLocation } from './router.js';
import { useSession } from './session.js';
import { LanguageSwitch } from './ui/language-switch.js';
import { Link } from './ui/link.js';
import { useTitle } from './ui/use-title.js';
import { YourTurnLink } from './waiting/your-turn-link.js';

function NotFound() {
  useTitle(t('common.notFound.title'));
  return (
    <section>
      <h1>{t('common.notFound.heading')}</h1>
      <p>
        <Trans id="common.notFound.text" components={[<Link href="/" />]} />
      </p>
    </section>
  );
}

export function App() {
  const { path } = useLocation();
  const session = useSession();
  // Every page is drawn again in a newly chosen language.
  const language = useLanguage();
  useAccountLanguage(session?.username ?? null);
  useFollowStanding();
  const standing = useStanding();
  const ban = useBan();
  // A banned account sees why, and nothing that would ask the API again (docs/moderation.md, "Bans").
  if (ban !== null) return <BannedPage ban={ban} />;
  if (session !== null && standing.renameRequired) return <RenamePage />;
  const moderator = session !== null && (standing.role === 'moderator' || standing.role === 'admin');
  let page = <NotFound />;
  for (const route of ROUTES) {
    const params = matchPath(route.pattern, path);
    if (params !== null) {
      const Page = route.page;
      page = <Page key={`${language} ${path}`} params={params} />;
      break;
    }
  }
  return (
    <>
      <a class="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header class="site-header">
        <nav aria-label={t('common.nav.label')}>
          <Link href="/" class="brand">
            {t('common.brand')}
          </Link>
          {session !== null && <Link href="/lobby">{t('common.nav.lobby')}</Link>}
          {session !== null && <YourTurnLink player={session.username} />}
          <Link href="/tournaments">{t('common.nav.tournaments')}</Link>
          <Link href="/leaderboard">{t('common.nav.leaderboard')}</Link>
          {moderator && <Link href="/moderation">{t('moderation.nav')}</Link>}
          {session !== null ? (
            <Link href="/account" translate={false}>
              {session.username}
            </Link>
          ) : (
            <>
              <Link href="/signin">{t('common.nav.signIn')}</Link>
              <Link href="/signup">{t('common.nav.signUp')}</Link>
            </>
          )}
        </nav>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
      {session !== null && <WarningDialog warnings={standing.warnings} />}
    </>
  );
}

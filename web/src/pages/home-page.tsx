import { useEffect } from 'preact/hooks';
import { t, Trans } from '../i18n/index.js';
import { navigate, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { useTitle } from '../ui/use-title.js';
import '../ui/common.css';

/** The start page: a welcome for a visitor; a signed-in person goes straight to the lobby. */
export function HomePage(_: { readonly params: Record<string, string> }) {
  useTitle(t('home.welcome.title'));
  const session = useSession();
  // Come from closing an account (account/close-account-form.tsx).
  const closed = useLocation().query.get('closed') === '1';
  useEffect(() => {
    if (session !== null) navigate('/lobby', { replace: true });
  }, [session]);
  if (session !== null) return null;
  return (
    <section class="welcome">
      {closed && (
        <p class="notice" role="status">
          {t('community.close.done')}
        </p>
      )}
      <h1>{t('home.welcome.heading')}</h1>
      <p>{t('home.welcome.text')}</p>
      <p class="button-row">
        <Link href="/signin" class="button">
          {t('home.welcome.signIn')}
        </Link>
        <Link href="/signup" class="button secondary">
          {t('home.welcome.signUp')}
        </Link>
      </p>
      <p>
        <Trans id="home.welcome.leaderboard" components={[<Link href="/leaderboard" />]} />
      </p>
    </section>
  );
}

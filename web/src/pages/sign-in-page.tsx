import { t, Trans } from '../i18n/index.js';
import { nextPath } from '../next-path.js';
import { signIn, signUp } from './account/sign-in.js';
import { CredentialsForm } from './account/credentials-form.js';
import { navigate, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { useTitle } from '../ui/use-title.js';

function SignedInNote() {
  const session = useSession();
  if (session === null) return null;
  return (
    <p class="muted">
      <Trans
        id="auth.signedInNote"
        values={{ username: session.username }}
        components={[<span translate={false} />, <Link href="/lobby" />]}
      />
    </p>
  );
}

export function SignInPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('auth.signIn.title'));
  const { query } = useLocation();
  const next = nextPath(query.get('next'));
  const signUpHref = query.has('next') ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  return (
    <section>
      <h1>{t('auth.signIn.title')}</h1>
      <SignedInNote />
      <CredentialsForm
        action={t('auth.signIn.submit')}
        newAccount={false}
        submit={async (username, password) => {
          await signIn(username, password);
          navigate(next, { replace: true });
        }}
      />
      <p>
        <Trans id="auth.signIn.otherWays" components={[<Link href={signUpHref} />, <Link href="/reset-password" />]} />
      </p>
    </section>
  );
}

export function SignUpPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('auth.signUp.title'));
  const { query } = useLocation();
  const next = nextPath(query.get('next'));
  return (
    <section>
      <h1>{t('auth.signUp.title')}</h1>
      <SignedInNote />
      <p>{t('auth.signUp.intro')}</p>
      <CredentialsForm
        action={t('auth.signUp.submit')}
        newAccount
        submit={async (username, password) => {
          await signUp(username, password);
          navigate(next, { replace: true });
        }}
      />
      <p>
        <Trans id="auth.signUp.haveAccount" components={[<Link href="/signin" />]} />
      </p>
    </section>
  );
}

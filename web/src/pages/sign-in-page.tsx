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
      You are signed in as {session.username}. <Link href="/lobby">Go to the lobby</Link>.
    </p>
  );
}

export function SignInPage(_: { readonly params: Record<string, string> }) {
  useTitle('Sign in');
  const { query } = useLocation();
  const next = nextPath(query.get('next'));
  const signUpHref = query.has('next') ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  return (
    <section>
      <h1>Sign in</h1>
      <SignedInNote />
      <CredentialsForm
        action="Sign in"
        newAccount={false}
        submit={async (username, password) => {
          await signIn(username, password);
          navigate(next, { replace: true });
        }}
      />
      <p>
        No account yet? <Link href={signUpHref}>Sign up</Link>. Forgot your password?{' '}
        <Link href="/reset-password">Reset it by e-mail</Link>.
      </p>
    </section>
  );
}

export function SignUpPage(_: { readonly params: Record<string, string> }) {
  useTitle('Sign up');
  const { query } = useLocation();
  const next = nextPath(query.get('next'));
  return (
    <section>
      <h1>Sign up</h1>
      <SignedInNote />
      <p>Choose a username and a password to play backgammon and long nardy.</p>
      <CredentialsForm
        action="Sign up"
        newAccount
        submit={async (username, password) => {
          await signUp(username, password);
          navigate(next, { replace: true });
        }}
      />
      <p>
        Already have an account? <Link href="/signin">Sign in</Link>.
      </p>
    </section>
  );
}

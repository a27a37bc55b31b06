import { useState } from 'preact/hooks';
import { api, call } from '../api/client.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { t, Trans } from '../i18n/index.js';
import { useLinkToken } from '../link-token.js';
import { useSession } from '../session.js';
import { TextField } from '../ui/form-field.js';
import { Link } from '../ui/link.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import '../ui/common.css';

/**
 * The page a verification mail's link opens (docs/email.md, "Addresses"): signed in, one press
 * verifies the address with the link's token (in its fragment, link-token.ts); the mail's short
 * code can be typed instead. Nothing is sent on load, so a mail scanner that follows the link
 * verifies nothing.
 */
export function VerifyEmailPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('auth.verifyEmail.title'));
  const session = useSession();
  const [token, setToken] = useState(useLinkToken() ?? '');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await call(api.POST('/api/users/me/email/verify', { body: { token: token.trim() } }));
      setDone(true);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <section>
      <h1>{t('auth.verifyEmail.title')}</h1>
      {session === null ? (
        <SignInRequired toDo={t('auth.verifyEmail.signInRequired.toDo')} />
      ) : done ? (
        <p class="notice" role="status">
          <Trans id="auth.verifyEmail.done" components={[<Link href="/account" />]} />
        </p>
      ) : (
        <form class="narrow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <ProblemMessage problem={problem} />
          <TextField
            id="verification-token"
            label={t('auth.verifyEmail.token')}
            field="token"
            problem={problem}
            required
            value={token}
            onInput={setToken}
          />
          <button type="submit" disabled={busy}>
            {t('auth.verifyEmail.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

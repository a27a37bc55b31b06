import { useState } from 'preact/hooks';
import { api, call } from '../api/client.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { t, Trans } from '../i18n/index.js';
import { useLinkToken } from '../link-token.js';
import { TextField } from '../ui/form-field.js';
import { Link } from '../ui/link.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useTitle } from '../ui/use-title.js';
import '../ui/common.css';

/** A form that sends once and then says `doneText`, or shows the server's problem. */
function useSubmit(send: () => Promise<unknown>) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await send();
      setDone(true);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };
  return { problem, busy, done, onSubmit: (event: Event) => void onSubmit(event) };
}

/** Asks for a reset mail by username or address: the answer is the same either way (docs/email.md). */
function AskForReset() {
  const [who, setWho] = useState('');
  const form = useSubmit(() => {
    const body = who.includes('@') ? { email: who.trim() } : { username: who.trim() };
    return call(api.POST('/api/auth/password-reset', { body }));
  });
  if (form.done)
    return (
      <p class="notice" role="status">
        {t('auth.resetPassword.mailSent')}
      </p>
    );
  return (
    <form class="narrow-form" onSubmit={form.onSubmit} noValidate>
      <ProblemMessage problem={form.problem} />
      <TextField
        id="reset-who"
        label={t('auth.resetPassword.who')}
        field="username"
        problem={form.problem}
        username
        autocomplete="username"
        required
        value={who}
        onInput={setWho}
      />
      <button type="submit" disabled={form.busy}>
        {t('auth.resetPassword.ask')}
      </button>
    </form>
  );
}

/** Sets the new password with the token of the mail's link. */
function ChooseNewPassword({ token }: { readonly token: string }) {
  const [newPassword, setNew] = useState('');
  const form = useSubmit(() => call(api.POST('/api/auth/password-reset/confirm', { body: { token, newPassword } })));
  if (form.done)
    return (
      <p class="notice" role="status">
        <Trans id="auth.resetPassword.done" components={[<Link href="/signin" />]} />
      </p>
    );
  return (
    <form class="narrow-form" onSubmit={form.onSubmit} noValidate>
      <ProblemMessage problem={form.problem} />
      <TextField
        id="new-password"
        label={t('auth.password.new')}
        field="newPassword"
        problem={form.problem}
        hint={t('auth.password.hint')}
        type="password"
        name="new-password"
        autocomplete="new-password"
        required
        value={newPassword}
        onInput={setNew}
      />
      <button type="submit" disabled={form.busy}>
        {t('auth.resetPassword.submit')}
      </button>
    </form>
  );
}

/**
 * Password reset (docs/email.md, "Password reset"): without a token, the form that asks for the
 * mail; with the token of the mail's link (in its fragment, link-token.ts), the form that sets the
 * new password.
 */
export function ResetPasswordPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('auth.resetPassword.title'));
  const token = useLinkToken();
  return (
    <section>
      <h1>{t('auth.resetPassword.title')}</h1>
      {token === null ? <AskForReset /> : <ChooseNewPassword token={token} />}
    </section>
  );
}

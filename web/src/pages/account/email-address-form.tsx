import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t, Trans } from '../../i18n/index.js';
import { TextField } from '../../ui/form-field.js';
import { Loading } from '../../ui/loading.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useRequest } from '../../ui/use-request.js';
import '../../ui/common.css';

/**
 * The account's e-mail address (docs/email.md, "Addresses"): the verified one, the one waiting for
 * its mail's link, and a field that asks for a verification mail to another.
 */
export function EmailAddressForm() {
  const state = useRequest(() => call(api.GET('/api/users/me/email')), []);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setSent(null);
    try {
      await call(api.PUT('/api/users/me/email', { body: { email: email.trim() } }));
      setSent(email.trim());
      setEmail('');
      state.reload();
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  if (state.data === null) return state.problem ? <ProblemMessage problem={state.problem} /> : <Loading />;
  const { email: verified, pendingEmail } = state.data;
  return (
    <form class="narrow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>
        {verified === null ? (
          t('account.email.none')
        ) : (
          <Trans id="account.email.verified" values={{ address: verified }} components={[<span translate={false} />]} />
        )}
        {pendingEmail !== null && (
          <>
            {' '}
            <Trans
              id="account.email.pending"
              values={{ address: pendingEmail }}
              components={[<span translate={false} />]}
            />
          </>
        )}
      </p>
      {sent !== null && (
        <p class="notice" role="status">
          <Trans id="account.email.sent" values={{ address: sent }} components={[<span translate={false} />]} />
        </p>
      )}
      <ProblemMessage problem={problem} />
      <TextField
        id="email-address"
        label={verified === null ? t('account.email.address') : t('account.email.newAddress')}
        field="email"
        problem={problem}
        name="email"
        autocomplete="email"
        required
        value={email}
        onInput={setEmail}
      />
      <button type="submit" disabled={busy}>
        {t('account.email.submit')}
      </button>
    </form>
  );
}

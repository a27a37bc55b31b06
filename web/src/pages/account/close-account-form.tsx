/**
 * Closing the account (DELETE /api/users/me with the password; docs/accounts.md): what happens is
 * said first, the password confirms it, and the browser is signed out.
 */
import { useState } from 'preact/hooks';
import { community } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { endSignIn } from '../../api/session-renewal.js';
import { t } from '../../i18n/index.js';
import { navigate } from '../../router.js';
import { CheckboxField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';

export function CloseAccountForm({ username }: { readonly username: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await community.closeAccount(password);
      await endSignIn();
      navigate('/?closed=1', { replace: true });
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };

  if (!open)
    return (
      <p>
        <button type="button" class="secondary danger" onClick={() => setOpen(true)}>
          {t('community.close.start')}
        </button>
      </p>
    );

  return (
    <form class="narrow-form close-account" onSubmit={(event) => void submit(event)} noValidate>
      <input type="text" name="username" autocomplete="username" value={username} hidden readOnly />
      <div class="standing-box">
        <p>
          <strong>{t('community.close.warning')}</strong>
        </p>
        <ul>
          <li>{t('community.close.signIn')}</li>
          <li>{t('community.close.deleted')}</li>
          <li>{t('community.close.matches')}</li>
          <li>{t('community.close.name')}</li>
        </ul>
        <p>{t('community.close.exportFirst')}</p>
      </div>
      <ProblemMessage problem={problem} />
      <TextField
        id="close-password"
        label={t('community.close.password')}
        field="password"
        problem={problem}
        type="password"
        name="password"
        autocomplete="current-password"
        required
        value={password}
        onInput={setPassword}
      />
      <CheckboxField
        id="close-understood"
        label={t('community.close.understood')}
        field="understood"
        problem={null}
        checked={understood}
        onChange={setUnderstood}
      />
      <p class="button-row">
        <button type="submit" class="danger" disabled={busy || !understood || password === ''}>
          {t('community.close.submit')}
        </button>
        <button type="button" class="secondary" onClick={() => setOpen(false)}>
          {t('community.close.cancel')}
        </button>
      </p>
    </form>
  );
}

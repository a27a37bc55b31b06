import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import '../../ui/common.css';
import { signIn } from './sign-in.js';

/**
 * PATCH /api/users/me/password. The change ends every token issued before it, this one too, so the
 * form signs in again at once with the new password.
 */
export function ChangePasswordForm({ username }: { readonly username: string }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setDone(false);
    try {
      await call(api.PATCH('/api/users/me/password', { body: { currentPassword, newPassword } }));
      await signIn(username, newPassword);
      setCurrent('');
      setNew('');
      setDone(true);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <form class="narrow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <input type="text" name="username" autocomplete="username" value={username} hidden readOnly />
      <ProblemMessage problem={problem} />
      {done && (
        <p class="notice" role="status">
          {t('account.changePassword.done')}
        </p>
      )}
      <TextField
        id="current-password"
        label={t('account.changePassword.current')}
        field="currentPassword"
        problem={problem}
        type="password"
        name="current-password"
        autocomplete="current-password"
        required
        value={currentPassword}
        onInput={setCurrent}
      />
      <TextField
        id="new-password"
        label={t('auth.password.new')}
        field="newPassword"
        problem={problem}
        hint={t('auth.password.hint')}
        type="password"
        name="new-password"
        autocomplete="new-password"
        required
        value={newPassword}
        onInput={setNew}
      />
      <button type="submit" disabled={busy}>
        {t('account.changePassword.submit')}
      </button>
    </form>
  );
}

import { useState } from 'preact/hooks';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t, Trans } from '../../i18n/index.js';
import { TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import '../../ui/common.css';

interface CredentialsFormProps {
  /** What the button says: "Sign in", "Sign up". */
  readonly action: string;
  /** A new account's password is a new password to the browser's password manager. */
  readonly newAccount: boolean;
  readonly submit: (username: string, password: string) => Promise<void>;
}

/** A username and a password, sent with `submit`; the server's messages shown by each field. */
export function CredentialsForm({ action, newAccount, submit }: CredentialsFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await submit(username.trim(), password);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };

  return (
    <form class="narrow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <ProblemMessage problem={problem} />
      <TextField
        id="username"
        label={t('auth.credentials.username')}
        field="username"
        problem={problem}
        hint={
          newAccount ? (
            <Trans id="auth.credentials.usernameHint" components={[<span translate={false} />]} />
          ) : undefined
        }
        name="username"
        autocomplete="username"
        username
        required
        value={username}
        onInput={setUsername}
      />
      <TextField
        id="password"
        label={t('auth.credentials.password')}
        field="password"
        problem={problem}
        hint={newAccount ? t('auth.password.hint') : undefined}
        type="password"
        name="password"
        autocomplete={newAccount ? 'new-password' : 'current-password'}
        required
        value={password}
        onInput={setPassword}
      />
      <button type="submit" disabled={busy}>
        {action}
      </button>
    </form>
  );
}

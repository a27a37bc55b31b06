/**
 * A name a moderator found offensive was replaced by a placeholder (docs/moderation.md, "Rename"):
 * the account chooses a new one here (PUT /api/users/me/username) before any other page. The new
 * name ends every token issued under the old one, so the page signs in again with it at once: the
 * password is asked for with the name.
 */
import { useState } from 'preact/hooks';
import { community } from '../api/community.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { endSignIn } from '../api/session-renewal.js';
import { t } from '../i18n/index.js';
import { signIn } from '../pages/account/sign-in.js';
import { navigate } from '../router.js';
import { TextField } from '../ui/form-field.js';
import { LanguageSwitch } from '../ui/language-switch.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useTitle } from '../ui/use-title.js';
import { setRenameRequired } from './standing.js';
import './community.css';

export function RenamePage() {
  useTitle(t('community.rename.title'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    let renamed: string;
    try {
      renamed = (await community.rename(name.trim())).username;
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
      return;
    }
    try {
      // Under the new name at once (its answer clears the rename), the old tokens being over.
      await signIn(renamed, password);
    } catch {
      // The name is chosen; a wrong password only means signing in again by hand.
      setRenameRequired(false);
      await endSignIn();
      navigate(`/signin?next=${encodeURIComponent('/lobby')}`, { replace: true });
    }
  };

  return (
    <>
      <header class="site-header">
        <span class="brand">{t('common.brand')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        <section class="rename-page" data-testid="rename-page">
          <h1>{t('community.rename.heading')}</h1>
          <p class="standing-box">{t('community.rename.lead')}</p>
          <form class="narrow-form" onSubmit={(event) => void submit(event)} noValidate>
            <ProblemMessage problem={problem} />
            <TextField
              id="new-username"
              label={t('community.rename.label')}
              field="username"
              problem={problem}
              hint={t('community.rename.hint')}
              name="username"
              autocomplete="off"
              username
              required
              value={name}
              onInput={setName}
            />
            <TextField
              id="rename-password"
              label={t('community.rename.password')}
              hint={t('community.rename.passwordHint')}
              field="password"
              problem={problem}
              type="password"
              name="password"
              autocomplete="current-password"
              required
              value={password}
              onInput={setPassword}
            />
            <p class="button-row">
              <button type="submit" disabled={busy || name.trim() === '' || password === ''}>
                {t('community.rename.submit')}
              </button>
              <button type="button" class="secondary" onClick={() => void endSignIn()}>
                {t('community.rename.signOut')}
              </button>
            </p>
          </form>
        </section>
      </main>
    </>
  );
}

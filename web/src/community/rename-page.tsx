/**
 * A name a moderator found offensive was replaced by a placeholder (docs/moderation.md, "Rename"):
 * the account chooses a new one here (PUT /api/users/me/username) before any other page.
 */
import { useState } from 'preact/hooks';
import { community } from '../api/community.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { endSignIn } from '../api/session-renewal.js';
import { t } from '../i18n/index.js';
import { currentSession, setSession } from '../session.js';
import { TextField } from '../ui/form-field.js';
import { LanguageSwitch } from '../ui/language-switch.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useTitle } from '../ui/use-title.js';
import { reloadStanding, setRenameRequired } from './standing.js';
import './community.css';

export function RenamePage() {
  useTitle(t('community.rename.title'));
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await community.rename(name.trim());
      const session = currentSession();
      if (session !== null) setSession({ ...session, username: answer?.username ?? name.trim() });
      setRenameRequired(false);
      await reloadStanding().catch(() => undefined);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };

  return (
    <>
      <header class="site-header">
        <span class="brand">{t('common.brand')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        <section data-testid="rename-page">
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
              autocomplete="username"
              username
              required
              value={name}
              onInput={setName}
            />
            <p class="button-row">
              <button type="submit" disabled={busy || name.trim() === ''}>
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

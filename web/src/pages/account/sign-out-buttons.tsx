import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { endSignIn } from '../../api/session-renewal.js';
import { t } from '../../i18n/index.js';
import { navigate } from '../../router.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import '../../ui/common.css';

/**
 * Sign out here (DELETE /api/auth/refresh ends this browser's sign-in and clears its cookie), or
 * everywhere (POST /api/auth/logout-all ends every token of the account, then the same).
 */
export function SignOutButtons() {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async (): Promise<void> => {
    setBusy(true);
    await endSignIn();
    navigate('/', { replace: true });
  };

  const signOutEverywhere = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await call(api.POST('/api/auth/logout-all'));
      await signOut();
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };

  return (
    <>
      <ProblemMessage problem={problem} />
      <p class="button-row">
        <button type="button" disabled={busy} onClick={() => void signOut()}>
          {t('account.signOut.here')}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => void signOutEverywhere()}>
          {t('account.signOut.everywhere')}
        </button>
      </p>
      <p class="muted">{t('account.signOut.everywhereNote')}</p>
    </>
  );
}
